CREATE TABLE "document_contents" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_storage_key_documents_storage_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."documents"("storage_key") ON DELETE cascade ON UPDATE no action;