ALTER TABLE "medications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "allergies" ADD COLUMN "code" text;