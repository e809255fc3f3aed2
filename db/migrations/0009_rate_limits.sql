CREATE TABLE `rate_limits` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_at_idx` ON `rate_limits` (`reset_at`);