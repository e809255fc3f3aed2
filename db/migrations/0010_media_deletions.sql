CREATE TABLE `media_deletions` (
	`key` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
