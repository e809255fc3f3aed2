ALTER TABLE "storyteller_links" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "storyteller_links" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "storyteller_links" ADD COLUMN "paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "storyteller_links" ADD COLUMN "paused_by" text;--> statement-breakpoint
ALTER TABLE "storyteller_links" ADD COLUMN "next_send_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "storyteller_links_next_send_at_idx" ON "storyteller_links" USING btree ("next_send_at");