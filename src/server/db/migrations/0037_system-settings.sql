CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"session_timeout_minutes" integer,
	"password_min_length" integer,
	"mfa_required_patient" boolean DEFAULT false NOT NULL,
	"mfa_required_doctor" boolean DEFAULT false NOT NULL,
	"mfa_required_staff" boolean DEFAULT false NOT NULL,
	"mfa_required_admin" boolean DEFAULT false NOT NULL,
	"reminder_hours_before" integer[],
	"mail_from_name" text,
	"mail_from_address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "system_settings_single_row" CHECK ("system_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_settings_updated_by_idx" ON "system_settings" USING btree ("updated_by");