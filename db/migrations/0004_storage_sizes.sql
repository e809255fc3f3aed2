ALTER TABLE `books` ADD `cover_bytes` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `thumb_size` integer;--> statement-breakpoint
-- Backfill: a recording has no thumbnail. A photo's thumbnail and an uploaded cover are measured on disk at
-- the next start (app/models/storage.server.ts, backfillStoredSizes), which SQL cannot do.
UPDATE `media` SET `thumb_size` = 0 WHERE `type` = 'audio';
