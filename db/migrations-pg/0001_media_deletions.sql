CREATE TABLE "media_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
