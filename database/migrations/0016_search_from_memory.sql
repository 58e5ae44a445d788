-- The server ranks searches from an index in its own memory (docs/decisions/0082-search-from-memory.md):
-- the database keeps the entries, as database/migrations/0007_search.sql made them, and no
-- longer the full-text document, its index or the words for close spellings.
DROP TRIGGER "search_words_of_entry" ON "search_entries";--> statement-breakpoint
DROP FUNCTION search_words_of_entry();--> statement-breakpoint
DROP TABLE "search_words" CASCADE;--> statement-breakpoint
DROP INDEX "search_entries_document_idx";--> statement-breakpoint
ALTER TABLE "search_entries" DROP COLUMN "document";--> statement-breakpoint
CREATE TABLE "search_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_version_one_row" CHECK ("search_version"."only")
);
--> statement-breakpoint
INSERT INTO "search_version" ("only", "version") VALUES (true, 0);
--> statement-breakpoint
-- Moved once per transaction that changes an entry, at its commit, as content_version is
-- (database/migrations/0011_content_version.sql): a server that reads it sees it move exactly
-- when it can see the change, and two writers never wait each for the other's row.
CREATE FUNCTION search_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('studyzed.search_version_moved', true) IS DISTINCT FROM 'yes' THEN
    UPDATE "search_version" SET "version" = "version" + 1;
    PERFORM set_config('studyzed.search_version_moved', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "search_entries_changed" AFTER INSERT OR UPDATE OR DELETE ON "search_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_entries_changed();
--> statement-breakpoint
CREATE FUNCTION search_entries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_entries_truncated" AFTER TRUNCATE ON "search_entries" FOR EACH STATEMENT EXECUTE FUNCTION search_entries_truncated();
