ALTER TABLE "lab_orders" ADD COLUMN "findings" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "consultant" text;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "replied_on" date;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD COLUMN "report_flag" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_lab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."lab_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id");