CREATE TABLE "clinical_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"appointment_id" uuid,
	"template_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_notes_status_check" CHECK ("clinical_notes"."status" in ('draft', 'signed')),
	CONSTRAINT "clinical_notes_signed_check" CHECK (("clinical_notes"."status" = 'signed') = ("clinical_notes"."signed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "note_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"specialty" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"instructions" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_summaries_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "visit_summaries_note_id_unique" UNIQUE("note_id")
);
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_note_id_clinical_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."clinical_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_template_id_note_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."note_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_templates" ADD CONSTRAINT "note_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_summaries" ADD CONSTRAINT "visit_summaries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_summaries" ADD CONSTRAINT "visit_summaries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_summaries" ADD CONSTRAINT "visit_summaries_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_summaries" ADD CONSTRAINT "visit_summaries_note_id_clinical_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."clinical_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_note_addenda_note_idx" ON "clinical_note_addenda" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "clinical_note_addenda_author_idx" ON "clinical_note_addenda" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "clinical_notes_doctor_idx" ON "clinical_notes" USING btree ("doctor_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "clinical_notes_patient_idx" ON "clinical_notes" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "clinical_notes_template_idx" ON "clinical_notes" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "clinical_notes_signed_by_idx" ON "clinical_notes" USING btree ("signed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_notes_appointment_unique" ON "clinical_notes" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "note_templates_owner_idx" ON "note_templates" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "note_templates_specialty_idx" ON "note_templates" USING btree ("specialty","name");--> statement-breakpoint
CREATE INDEX "visit_summaries_patient_idx" ON "visit_summaries" USING btree ("patient_id","released_at");--> statement-breakpoint
CREATE INDEX "visit_summaries_doctor_idx" ON "visit_summaries" USING btree ("doctor_id");