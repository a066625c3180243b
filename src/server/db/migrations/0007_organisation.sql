CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_latitude_range" CHECK ("clinics"."latitude" between -90 and 90),
	CONSTRAINT "clinics_longitude_range" CHECK ("clinics"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"support_email" text NOT NULL,
	"phone" text,
	"address" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "organisation_settings_single_row" CHECK ("organisation_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_settings_updated_by_idx" ON "organisation_settings" USING btree ("updated_by");