-- The clinic's car park (src/server/db/schema/parking.ts): its spots on a grid per level, and the visit each one is held for.
CREATE TABLE "parking_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"level" integer NOT NULL,
	"section" text NOT NULL,
	"type" text DEFAULT 'regular' NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"appointment_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_spots_type_check" CHECK ("parking_spots"."type" in ('regular', 'handicap', 'electric')),
	CONSTRAINT "parking_spots_status_check" CHECK ("parking_spots"."status" in ('available', 'reserved', 'occupied', 'out_of_service')),
	CONSTRAINT "parking_spots_grid_check" CHECK ("parking_spots"."x" >= 0 and "parking_spots"."y" >= 0)
);
--> statement-breakpoint
ALTER TABLE "parking_spots" ADD CONSTRAINT "parking_spots_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spots_level_number_unique" ON "parking_spots" USING btree ("level","number");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spots_appointment_unique" ON "parking_spots" USING btree ("appointment_id") WHERE "parking_spots"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "parking_spots_level_idx" ON "parking_spots" USING btree ("level","section");