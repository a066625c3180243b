CREATE TABLE "message_attachment_contents" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "message_attachments_size_check" CHECK ("message_attachments"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "message_attachment_contents" ADD CONSTRAINT "message_attachment_contents_storage_key_message_attachments_storage_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."message_attachments"("storage_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_attachments_message_position_idx" ON "message_attachments" USING btree ("message_id","position");