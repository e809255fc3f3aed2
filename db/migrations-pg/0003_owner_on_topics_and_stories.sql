ALTER TABLE "stories" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "stories_user_updated_idx" ON "stories" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "topics_user_archived_created_idx" ON "topics" USING btree ("user_id","archived","created_at","id");--> statement-breakpoint
UPDATE "topics" SET "user_id" = "books"."user_id" FROM "books" WHERE "books"."id" = "topics"."book_id";--> statement-breakpoint
UPDATE "stories" SET "user_id" = "books"."user_id" FROM "books" WHERE "books"."id" = "stories"."book_id";--> statement-breakpoint
CREATE FUNCTION "heirloom_row_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."user_id" := (SELECT "user_id" FROM "books" WHERE "books"."id" = NEW."book_id");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "topics_owner" BEFORE INSERT OR UPDATE OF "book_id", "user_id" ON "topics"
  FOR EACH ROW EXECUTE FUNCTION "heirloom_row_owner"();--> statement-breakpoint
CREATE TRIGGER "stories_owner" BEFORE INSERT OR UPDATE OF "book_id", "user_id" ON "stories"
  FOR EACH ROW EXECUTE FUNCTION "heirloom_row_owner"();--> statement-breakpoint
CREATE FUNCTION "heirloom_book_owner_to_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "topics" SET "user_id" = NEW."user_id" WHERE "book_id" = NEW."id";
  UPDATE "stories" SET "user_id" = NEW."user_id" WHERE "book_id" = NEW."id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "books_owner_to_rows" AFTER UPDATE OF "user_id" ON "books"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "heirloom_book_owner_to_rows"();
