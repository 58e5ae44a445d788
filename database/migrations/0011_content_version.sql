CREATE TABLE "content_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."only")
);
--> statement-breakpoint
INSERT INTO "content_version" ("only", "version") VALUES (true, 0);
--> statement-breakpoint
-- Every change to what students see adds one to the version, in the change's own transaction:
-- a server that reads the version sees it move exactly when it can see the change
-- (docs/decisions/0061-kept-answers-confirmed-by-content-version.md). The triggers are
-- deferred to the commit, so the version row is locked only while committing, after every
-- row the transaction writes is locked: two writers of content can wait for each other's
-- commit, never each for the other's row (no deadlock), and the version moves once per
-- transaction, however many rows it wrote.
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('studyzed.content_version_moved', true) IS DISTINCT FROM 'yes' THEN
    UPDATE "content_version" SET "version" = "version" + 1;
    PERFORM set_config('studyzed.content_version_moved', 'yes', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subjects_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "subjects" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "articles_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "articles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stored_files_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "stored_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "search_entries_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "search_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "search_words_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "search_words" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "materials_content_changed" AFTER INSERT OR DELETE ON "materials" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
-- A download adds one to its material's download_count, which no kept answer shows (only the
-- admin's pages, never kept): an update that changes nothing else is not a change of content.
-- Named by what it leaves out, so a column added later counts without touching this.
CREATE CONSTRAINT TRIGGER "materials_content_updated" AFTER UPDATE ON "materials" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((to_jsonb(OLD) - 'download_count') IS DISTINCT FROM (to_jsonb(NEW) - 'download_count')) EXECUTE FUNCTION content_changed();
--> statement-breakpoint
-- Constraint triggers cannot fire on TRUNCATE; it empties a whole table, rarely, by hand.
CREATE FUNCTION content_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subjects_content_truncated" AFTER TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
--> statement-breakpoint
CREATE TRIGGER "articles_content_truncated" AFTER TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
--> statement-breakpoint
CREATE TRIGGER "stored_files_content_truncated" AFTER TRUNCATE ON "stored_files" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
--> statement-breakpoint
CREATE TRIGGER "search_entries_content_truncated" AFTER TRUNCATE ON "search_entries" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
--> statement-breakpoint
CREATE TRIGGER "search_words_content_truncated" AFTER TRUNCATE ON "search_words" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
--> statement-breakpoint
CREATE TRIGGER "materials_content_truncated" AFTER TRUNCATE ON "materials" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
