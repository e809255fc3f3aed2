CREATE TABLE `storyteller_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`book_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT 'ban' NOT NULL,
	`topic_ids` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storyteller_links_token_hash_unique` ON `storyteller_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `storyteller_links_book_id_idx` ON `storyteller_links` (`book_id`);--> statement-breakpoint
ALTER TABLE `stories` ADD `source` text DEFAULT 'family' NOT NULL;--> statement-breakpoint
ALTER TABLE `stories` ADD `teller_name` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `storyteller_link_id` integer REFERENCES storyteller_links(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `stories` ADD `idempotency_key` text;--> statement-breakpoint
CREATE INDEX `stories_storyteller_link_idx` ON `stories` (`storyteller_link_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stories_book_idempotency_unique` ON `stories` (`book_id`,`idempotency_key`);