ALTER TABLE `stories` ADD `user_id` integer;--> statement-breakpoint
CREATE INDEX `stories_user_updated_idx` ON `stories` (`user_id`,`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `topics` ADD `user_id` integer;--> statement-breakpoint
CREATE INDEX `topics_user_archived_created_idx` ON `topics` (`user_id`,`archived`,`created_at`,`id`);--> statement-breakpoint
UPDATE `topics` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = `topics`.`book_id`);--> statement-breakpoint
UPDATE `stories` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = `stories`.`book_id`);--> statement-breakpoint
CREATE TRIGGER `topics_owner_on_insert` AFTER INSERT ON `topics` BEGIN
  UPDATE `topics` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `topics_owner_on_move` AFTER UPDATE OF `book_id`, `user_id` ON `topics` BEGIN
  UPDATE `topics` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`)
    WHERE `id` = NEW.`id` AND `user_id` IS NOT (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`);
END;--> statement-breakpoint
CREATE TRIGGER `stories_owner_on_insert` AFTER INSERT ON `stories` BEGIN
  UPDATE `stories` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `stories_owner_on_move` AFTER UPDATE OF `book_id`, `user_id` ON `stories` BEGIN
  UPDATE `stories` SET `user_id` = (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`)
    WHERE `id` = NEW.`id` AND `user_id` IS NOT (SELECT `user_id` FROM `books` WHERE `books`.`id` = NEW.`book_id`);
END;--> statement-breakpoint
CREATE TRIGGER `books_owner_to_rows` AFTER UPDATE OF `user_id` ON `books` BEGIN
  UPDATE `topics` SET `user_id` = NEW.`user_id` WHERE `book_id` = NEW.`id`;
  UPDATE `stories` SET `user_id` = NEW.`user_id` WHERE `book_id` = NEW.`id`;
END;
