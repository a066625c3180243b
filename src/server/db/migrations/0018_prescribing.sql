ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "drug_code" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "strength" text;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "refills" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "duration_days" integer;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "priority" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_quantity_check" CHECK ("medications"."quantity" is null or "medications"."quantity" > 0);--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_refills_check" CHECK ("medications"."refills" is null or "medications"."refills" >= 0);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('high', 'medium', 'low'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('refill-request', 'follow-up'));