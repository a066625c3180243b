CREATE INDEX "users_name_reversed_trgm_idx" ON "users" USING gin (("last_name" || ' ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_date_of_birth_idx" ON "users" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "patient_profiles_mrn_trgm_idx" ON "patient_profiles" USING gin ("medical_record_number" gin_trgm_ops);