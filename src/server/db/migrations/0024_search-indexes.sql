CREATE INDEX "users_first_name_fold_trgm_idx" ON "users" USING gin (caredeck_fold("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_fold_trgm_idx" ON "users" USING gin (caredeck_fold("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);