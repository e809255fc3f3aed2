ALTER TABLE `storyteller_links` ADD `email` text;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `schedule` text;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `paused_at` integer;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `paused_by` text;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `next_send_at` integer;--> statement-breakpoint
CREATE INDEX `storyteller_links_next_send_at_idx` ON `storyteller_links` (`next_send_at`);