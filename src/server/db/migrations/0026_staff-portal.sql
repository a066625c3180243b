CREATE TABLE "staff_statuses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_statuses_status_check" CHECK ("staff_statuses"."status" in ('on-duty', 'on-break', 'off-duty'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_statuses" ADD CONSTRAINT "staff_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;