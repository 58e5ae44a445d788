-- The search indexes take new entries straight into the index, not into a pending list:
-- PGlite runs no autovacuum, so the list (up to 4 MB) was merged only when full, and every
-- search read all of it (docs/decisions/0049-search-speed.md). Rebuilt, so no list is left.
DROP INDEX "search_entries_document_idx";--> statement-breakpoint
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_entries_document_idx" ON "search_entries" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);