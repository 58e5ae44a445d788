CREATE TABLE "content_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."only")
);
--> statement-breakpoint
INSERT INTO "content_version" ("only", "version") VALUES (true, 0);
--> statement-breakpoint
-- Every change to what students see adds one to the version, in the change's own transaction:
-- a server that reads the version sees it change exactly when it can see the change
-- (docs/decisions/0061-kept-answers-confirmed-by-content-version.md). The row is locked from
-- the change's statement to its commit, so writers of content take turns; they are admins and
-- content loads, rare and short.
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "subjects_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "articles_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "stored_files_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stored_files" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "search_entries_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_entries" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "search_words_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_words" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "materials_content_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "materials" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();
--> statement-breakpoint
-- A download adds one to its material's download_count, which no kept answer shows (only the
-- admin's pages, never kept): an update that changes nothing else is not a change of content.
-- Named by what it leaves out, so a column added later counts without touching this.
CREATE TRIGGER "materials_content_updated" AFTER UPDATE ON "materials" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'download_count') IS DISTINCT FROM (to_jsonb(NEW) - 'download_count')) EXECUTE FUNCTION content_changed();
