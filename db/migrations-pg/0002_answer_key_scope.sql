DROP INDEX "stories_book_idempotency_unique";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
UPDATE "stories" SET "idempotency_scope" = CASE WHEN "storyteller_link_id" IS NULL THEN 'owner' ELSE 'link:' || "storyteller_link_id" END WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stories_answer_key_unique" ON "stories" USING btree ("book_id","idempotency_scope","idempotency_key");