DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_active_role_idx" ON "users" USING btree ("role") WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at","doctor_id","status","type");