ALTER TABLE `media` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `shares` ADD `sealed_token` text;