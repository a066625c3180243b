CREATE TABLE "appointment_action_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"action" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_action_links_action_check" CHECK ("appointment_action_links"."action" in ('confirm', 'reschedule', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_pk" PRIMARY KEY("appointment_id","kind")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"appointment_id" uuid,
	"type" text DEFAULT 'in-person' NOT NULL,
	"reason" text,
	"latest_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('active', 'left', 'booked')),
	CONSTRAINT "waitlist_entries_type_check" CHECK ("waitlist_entries"."type" in ('in-person', 'video'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opening_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"appointment_id" uuid,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('offered', 'accepted', 'expired', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"freed_by" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waitlist_openings_status_check" CHECK ("waitlist_openings"."status" in ('open', 'taken', 'unfilled', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "appointment_action_links" ADD CONSTRAINT "appointment_action_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_action_links" ADD CONSTRAINT "appointment_action_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_doctor_id_doctor_profiles_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_opening_id_waitlist_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."waitlist_openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_doctor_id_doctor_profiles_user_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_freed_by_appointments_id_fk" FOREIGN KEY ("freed_by") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_action_links_token_hash_idx" ON "appointment_action_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointment_action_links_appointment_idx" ON "appointment_action_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_unique" ON "waitlist_entries" USING btree ("patient_id","doctor_id") WHERE "waitlist_entries"."status" = 'active';--> statement-breakpoint
CREATE INDEX "waitlist_entries_doctor_idx" ON "waitlist_entries" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_opening_entry_unique" ON "waitlist_offers" USING btree ("opening_id","entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_offers_patient_idx" ON "waitlist_offers" USING btree ("patient_id","offered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_openings_open_unique" ON "waitlist_openings" USING btree ("doctor_id","starts_at") WHERE "waitlist_openings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_openings_status_idx" ON "waitlist_openings" USING btree ("status");