ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
DROP INDEX "lab_orders_ordered_by_idx";--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "kind" text DEFAULT 'lab' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "priority" text DEFAULT 'routine' NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "report" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "resulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "lab_order_id" uuid;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lab_order_id_lab_orders_id_fk" FOREIGN KEY ("lab_order_id") REFERENCES "public"."lab_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_lab_order_idx" ON "tasks" USING btree ("lab_order_id");--> statement-breakpoint
CREATE INDEX "lab_orders_ordered_by_idx" ON "lab_orders" USING btree ("ordered_by","status","ordered_at");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lab_order_reference_check" CHECK ("tasks"."kind" <> 'result-review' or "tasks"."lab_order_id" is not null);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('refill-request', 'result-review', 'follow-up'));