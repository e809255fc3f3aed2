ALTER TABLE `media` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `shares` ADD `sealed_token` text;