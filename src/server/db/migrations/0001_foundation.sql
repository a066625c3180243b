CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'patient' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text,
	"phone" text,
	"date_of_birth" date,
	"gender" text,
	"address" text,
	"avatar_url" text,
	"preferred_language" text,
	"is_first_time_login" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('patient', 'doctor', 'staff', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "doctor_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "doctor_availability_day_check" CHECK ("doctor_availability"."day_of_week" between 0 and 6),
	CONSTRAINT "doctor_availability_range_check" CHECK ("doctor_availability"."start_time" < "doctor_availability"."end_time")
);
--> statement-breakpoint
CREATE TABLE "doctor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"specialty" text NOT NULL,
	"department" text,
	"hospital" text NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1),
	"review_count" integer DEFAULT 0 NOT NULL,
	"consultation_fee" numeric(12, 2),
	"qualifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"telemedicine_enabled" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	CONSTRAINT "doctor_profiles_rating_check" CHECK ("doctor_profiles"."rating" is null or ("doctor_profiles"."rating" >= 0 and "doctor_profiles"."rating" <= 5)),
	CONSTRAINT "doctor_profiles_experience_check" CHECK ("doctor_profiles"."experience_years" >= 0)
);
--> statement-breakpoint
CREATE TABLE "patient_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"medical_record_number" text NOT NULL,
	"blood_type" text DEFAULT 'Unknown' NOT NULL,
	"marital_status" text,
	"occupation" text,
	"insurance_provider" text,
	"insurance_policy_number" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"emergency_contact_relationship" text,
	CONSTRAINT "patient_profiles_medical_record_number_unique" UNIQUE("medical_record_number")
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_report_id" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_type" text NOT NULL,
	"error_boundary" text,
	"component" text,
	"user_id" text,
	"user_email_masked" text,
	"user_role" text,
	"error_name" text,
	"error_message" text NOT NULL,
	"error_stack" text,
	"user_agent" text,
	"url" text,
	"route" text,
	"severity" text NOT NULL,
	"is_recoverable" boolean NOT NULL,
	"recovery_attempts" integer DEFAULT 0 NOT NULL,
	"additional_data" jsonb,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_availability" ADD CONSTRAINT "doctor_availability_doctor_id_doctor_profiles_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD CONSTRAINT "doctor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doctor_availability_doctor_idx" ON "doctor_availability" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_profiles_specialty_idx" ON "doctor_profiles" USING btree ("specialty");--> statement-breakpoint
CREATE INDEX "error_reports_fingerprint_idx" ON "error_reports" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "error_reports_received_idx" ON "error_reports" USING btree ("received_at");