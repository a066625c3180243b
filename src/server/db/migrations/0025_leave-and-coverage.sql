CREATE TABLE "coverage_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leave_request_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"covered_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_offers_status_check" CHECK ("coverage_offers"."status" in ('open', 'accepted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"time_off_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_range_check" CHECK ("leave_requests"."start_date" <= "leave_requests"."end_date"),
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('pending', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "leave_requests_type_check" CHECK ("leave_requests"."type" in ('vacation', 'sick', 'conference', 'personal', 'other'))
);
--> statement-breakpoint
ALTER TABLE "coverage_offers" ADD CONSTRAINT "coverage_offers_leave_request_id_leave_requests_id_fk" FOREIGN KEY ("leave_request_id") REFERENCES "public"."leave_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_offers" ADD CONSTRAINT "coverage_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_offers" ADD CONSTRAINT "coverage_offers_doctor_id_doctor_profiles_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_offers" ADD CONSTRAINT "coverage_offers_covered_by_doctor_profiles_user_id_fk" FOREIGN KEY ("covered_by") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_doctor_id_doctor_profiles_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_time_off_id_doctor_time_off_id_fk" FOREIGN KEY ("time_off_id") REFERENCES "public"."doctor_time_off"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_offers_leave_appointment_unique" ON "coverage_offers" USING btree ("leave_request_id","appointment_id");--> statement-breakpoint
CREATE INDEX "coverage_offers_status_idx" ON "coverage_offers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "coverage_offers_doctor_idx" ON "coverage_offers" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "leave_requests_doctor_idx" ON "leave_requests" USING btree ("doctor_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("status","start_date");