CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_scope_check" CHECK ("share_links"."scope" in ('medications')),
	CONSTRAINT "share_links_open_count_check" CHECK ("share_links"."open_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refill_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medication_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"prescriber_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_requests_status_check" CHECK ("refill_requests"."status" in ('requested', 'approved', 'denied')),
	CONSTRAINT "refill_requests_decided_check" CHECK (("refill_requests"."status" = 'requested') = ("refill_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignee_id" uuid NOT NULL,
	"patient_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"refill_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('refill-request')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done')),
	CONSTRAINT "tasks_reference_check" CHECK ("tasks"."kind" <> 'refill-request' or "tasks"."refill_request_id" is not null),
	CONSTRAINT "tasks_done_check" CHECK (("tasks"."status" = 'done') = ("tasks"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_prescriber_id_users_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_refill_request_id_refill_requests_id_fk" FOREIGN KEY ("refill_request_id") REFERENCES "public"."refill_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_patient_idx" ON "share_links" USING btree ("patient_id","expires_at");--> statement-breakpoint
CREATE INDEX "refill_requests_medication_idx" ON "refill_requests" USING btree ("medication_id","created_at");--> statement-breakpoint
CREATE INDEX "refill_requests_patient_idx" ON "refill_requests" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "refill_requests_prescriber_idx" ON "refill_requests" USING btree ("prescriber_id");--> statement-breakpoint
CREATE INDEX "refill_requests_decided_by_idx" ON "refill_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_requests_open_idx" ON "refill_requests" USING btree ("medication_id") WHERE "refill_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "tasks_assignee_status_idx" ON "tasks" USING btree ("assignee_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_patient_idx" ON "tasks" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "tasks_refill_request_idx" ON "tasks" USING btree ("refill_request_id");