ALTER TABLE "system_settings" ADD COLUMN "clinic_time_zone" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "clinic_hours" jsonb;