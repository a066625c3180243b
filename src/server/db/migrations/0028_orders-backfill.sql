-- Orders resulted before the review step existed: the ones already released were reviewed when they
-- were released, and their results arrived no later than that; nothing else changes.
UPDATE "lab_orders" SET "status" = 'reviewed', "reviewed_at" = "released_at", "reviewed_by" = "ordered_by"
  WHERE "status" = 'resulted' AND "released_at" IS NOT NULL;--> statement-breakpoint
UPDATE "lab_orders" SET "resulted_at" = coalesce("collected_at", "ordered_at")
  WHERE "status" IN ('resulted', 'reviewed') AND "resulted_at" IS NULL;
