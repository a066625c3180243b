ALTER TABLE "doctor_profiles" ADD COLUMN "clinic_id" uuid;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD CONSTRAINT "doctor_profiles_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_profiles_clinic_idx" ON "doctor_profiles" USING btree ("clinic_id");--> statement-breakpoint
-- Doctors already working at a configured clinic, by its name, get that clinic (the oldest one, if
-- two clinics share the name).
UPDATE "doctor_profiles" AS d SET "clinic_id" = (
  SELECT c."id" FROM "clinics" AS c WHERE c."name" = d."hospital" ORDER BY c."created_at", c."id" LIMIT 1
) WHERE EXISTS (SELECT 1 FROM "clinics" AS c WHERE c."name" = d."hospital");
