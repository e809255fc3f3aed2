CREATE TABLE `mail_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`direction` text NOT NULL,
	`kind` text NOT NULL,
	`send_id` integer,
	`link_id` integer,
	`book_id` integer,
	`recipient` text DEFAULT '' NOT NULL,
	`sender` text DEFAULT '' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`message_id` text,
	`status` text NOT NULL,
	`reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`send_id`) REFERENCES `question_sends`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`link_id`) REFERENCES `storyteller_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_messages_status_next_attempt_idx` ON `mail_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_created_idx` ON `mail_messages` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `mail_messages_send_id_idx` ON `mail_messages` (`send_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_link_id_idx` ON `mail_messages` (`link_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_book_id_idx` ON `mail_messages` (`book_id`);--> statement-breakpoint
CREATE TABLE `question_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` integer NOT NULL,
	`question_id` integer,
	`channel` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`reply_key_hash` text,
	`replied_at` integer,
	FOREIGN KEY (`link_id`) REFERENCES `storyteller_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `question_sends_link_created_idx` ON `question_sends` (`link_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `question_sends_question_id_idx` ON `question_sends` (`question_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `question_sends_reply_key_hash_unique` ON `question_sends` (`reply_key_hash`);--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `token_sealed` text;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `origin` text;--> statement-breakpoint
ALTER TABLE `storyteller_links` ADD `next_question_id` integer REFERENCES questions(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `storyteller_links_next_question_id_idx` ON `storyteller_links` (`next_question_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `answer_emails` integer DEFAULT true NOT NULL;