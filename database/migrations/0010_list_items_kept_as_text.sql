-- Each article's GET /List/ item kept as JSON text by the database, so that an uncached /List/
-- reads text, never articles (docs/decisions/0058-list-items-kept-as-text.md). The columns'
-- expressions are explained in database/schema/articles.ts.
--
-- A string's JSON text, byte for byte as JSON.stringify makes it: PostgreSQL's own JSON
-- escaping writes " and \ as \" and \\, backspace, form feed, newline, return and tab as \b
-- \f \n \r \t, every other character below U+0020 as \u00xx in lower case, and every other
-- character as it is (U+2028, U+2029 and all non-ASCII included), as JSON.stringify does;
-- text holds no lone surrogate, which is all JSON.stringify would escape besides.
-- to_json is only STABLE since some types' text depends on settings; a text's does not, so
-- this is IMMUTABLE, as a generated column's expression must be.
CREATE FUNCTION legacy_json_string(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_json(value)::text
$$;
--> statement-breakpoint
-- The columns are stored MAIN, not EXTENDED: compressed only if a row cannot fit otherwise,
-- after the article's long columns, so /List/ reads them without decompressing each (an
-- item of the bench's repetitive text compressed, and cost the slice query more than reading
-- it; drizzle-kit does not model storage, so it is set here by hand).
ALTER TABLE "articles" ADD COLUMN "legacy_list_start" text GENERATED ALWAYS AS ('{"id":' || id::text || ',"title":' || legacy_json_string(title) || ',"date":' || legacy_json_string(date) || ',"time":' || legacy_json_string(time) || ',"firstImage":' || CASE WHEN (images -> 0 ->> 'src') <> '' AND (images -> 0 ->> 'src') !~ '^https?://' THEN '"' ELSE legacy_json_string(coalesce((images -> 0 ->> 'src'), '')) || ',"introFirst":' || legacy_json_string(coalesce(intro[1], '')) || '}' END) STORED NOT NULL, ALTER COLUMN "legacy_list_start" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "legacy_list_rest" text GENERATED ALWAYS AS (CASE WHEN (images -> 0 ->> 'src') <> '' AND (images -> 0 ->> 'src') !~ '^https?://' THEN substr(legacy_json_string(CASE WHEN left((images -> 0 ->> 'src'), 1) = '/' THEN '' ELSE '/' END || (images -> 0 ->> 'src')), 2) || ',"introFirst":' || legacy_json_string(coalesce(intro[1], '')) || '}' END) STORED, ALTER COLUMN "legacy_list_rest" SET STORAGE MAIN;