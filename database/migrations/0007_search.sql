-- Search (docs/decisions/0046-search-in-the-database.md): full-text search with weighted
-- tsvectors and a GIN index, close spellings through pg_trgm. The same on PGlite (which loads
-- its pg_trgm extension, database/client.server.ts) and on PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"material_id" integer,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"href" text NOT NULL,
	"boost" real DEFAULT 0 NOT NULL,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', terms), 'A') || setweight(to_tsvector('english', place), 'B') || setweight(to_tsvector('english', body), 'D')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_document_idx" ON "search_entries" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_material_idx" ON "search_entries" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);

--> statement-breakpoint
-- The database keeps search_entries in step with materials, subjects and articles, whoever
-- writes them (content files at start, the admin pages, a later import), so no writer has
-- to remember search.
CREATE FUNCTION search_grade_name(grade text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE grade
    WHEN 'Ten' THEN 'Grade 10' WHEN 'Eleven' THEN 'Grade 11' WHEN 'Twelve' THEN 'Grade 12'
    WHEN 'Ten - Twelve' THEN 'Grades 10 to 12' ELSE grade END
$$;
--> statement-breakpoint
-- The ways a student writes a grade: "grade 11", "g11", "eleven".
CREATE FUNCTION search_grade_terms(grade text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' ',
    CASE WHEN grade IN ('Ten', 'Ten - Twelve') THEN 'grade 10 g10 ten' END,
    CASE WHEN grade IN ('Eleven', 'Ten - Twelve') THEN 'grade 11 g11 eleven' END,
    CASE WHEN grade IN ('Twelve', 'Ten - Twelve') THEN 'grade 12 g12 twelve' END)
$$;
--> statement-breakpoint
-- A material's entry. Where it sits follows the page that lists it; the anchors are the ones
-- app/features/catalogue/anchors.ts gives a grade's and a year's heading.
CREATE FUNCTION search_refresh_materials(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE material_id = ANY(ids);
  INSERT INTO search_entries (key, kind, material_id, title, place, summary, terms, body, href, boost)
  SELECT
    'material:' || m.id,
    m.kind,
    m.id,
    CASE WHEN m.kind IN ('practice_test', 'practice_test_answers') AND booklet.title IS NOT NULL
      THEN booklet.title || ': ' || m.title ELSE m.title END,
    concat_ws(' · ',
      CASE m.page WHEN 'home' THEN 'Home' WHEN 'books' THEN 'Books' WHEN 'app' THEN 'Android app'
        WHEN 'videos' THEN 'Video lessons' WHEN 'podcasts' THEN 'Podcasts' END,
      CASE WHEN s.kind = 'course' THEN s.slug || ' ' || s.name ELSE s.name END,
      search_grade_name(m.grade),
      m.year::text,
      CASE WHEN m.label IS DISTINCT FROM m.title THEN m.label END),
    coalesce(m.description, ''),
    concat_ws(' ',
      s.slug,
      CASE s.kind WHEN 'medical_subject' THEN 'medical medicine' WHEN 'course' THEN 'first year university' END,
      search_grade_terms(m.grade),
      m.year::text,
      CASE m.kind
        WHEN 'book' THEN 'book'
        WHEN 'topic_booklet' THEN 'notes tutorial'
        WHEN 'practice_test' THEN 'practice test'
        WHEN 'practice_test_answers' THEN 'practice test answers'
        WHEN 'topical_pdf' THEN 'notes'
        WHEN 'video_lesson' THEN 'video lesson'
        WHEN 'podcast_episode' THEN 'podcast audio'
        WHEN 'app_file' THEN 'android app'
      END),
    concat_ws(' ', m.description, array_to_string(m.topics, ' ')),
    CASE m.page WHEN 'home' THEN '/' WHEN 'books' THEN '/books' WHEN 'app' THEN '/app'
      WHEN 'videos' THEN '/videos' WHEN 'podcasts' THEN '/podcasts'
      ELSE '/tutorials/' || m.page || CASE
        WHEN m.year IS NOT NULL THEN '#year-' || m.year
        WHEN m.grade = 'Ten' THEN '#grade-10' WHEN m.grade = 'Eleven' THEN '#grade-11'
        WHEN m.grade = 'Twelve' THEN '#grade-12' WHEN m.grade = 'Ten - Twelve' THEN '#grade-10-12'
        ELSE '' END
    END,
    CASE m.kind
      WHEN 'topic_booklet' THEN 0.4 WHEN 'book' THEN 0.4
      WHEN 'practice_test' THEN 0.1 WHEN 'practice_test_answers' THEN 0.1
      ELSE 0.3 END
  FROM materials m
  LEFT JOIN subjects s ON s.slug = m.subject_slug
  LEFT JOIN materials booklet ON booklet.key = m.topic_key AND booklet.id <> m.id
  WHERE m.id = ANY(ids);
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_refresh_subject(subject_slug text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE key = 'subject:' || subject_slug;
  INSERT INTO search_entries (key, kind, title, place, summary, terms, body, href, boost)
  SELECT
    'subject:' || s.slug,
    'subject',
    CASE WHEN s.kind = 'course' THEN s.slug || ' ' || s.name ELSE s.name END,
    CASE s.kind WHEN 'school_subject' THEN 'Grades 10 to 12'
      WHEN 'medical_subject' THEN 'Second-year medicine' ELSE 'First-year university' END,
    s.description,
    concat_ws(' ', s.slug, array_to_string(s.keywords, ' '),
      CASE s.kind WHEN 'medical_subject' THEN 'medical medicine past papers'
        WHEN 'course' THEN 'first year university past papers' ELSE 'tutorials grade' END),
    s.description,
    '/tutorials/' || s.slug,
    0.3
  FROM subjects s
  WHERE s.slug = subject_slug;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_refresh_article(article_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE key = 'article:' || article_id;
  -- Drafts are never found: only what /smartify shows.
  INSERT INTO search_entries (key, kind, title, place, summary, terms, body, href, boost)
  SELECT
    'article:' || a.id,
    'article',
    a.title,
    'Smartify · ' || a.poster,
    left(coalesce(a.intro[1], ''), 200),
    concat_ws(' ', array_to_string(a.keywords, ' '), 'smartify article'),
    concat_ws(' ', array_to_string(a.intro, ' '),
      (SELECT string_agg(v #>> '{}', ' ')
         FROM jsonb_path_query(a.groups, 'strict $.** ? (@.type() == "string")') AS v)),
    '/smartify/' || a.id,
    0.3
  FROM articles a
  WHERE a.id = article_id AND a.published;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_materials_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_materials(ARRAY(SELECT id FROM inserted));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_materials_inserted AFTER INSERT ON materials
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_materials_inserted();
--> statement-breakpoint
-- A booklet's new title renames its practice test and answers too. A download (the count)
-- changes nothing here: the trigger names the columns that are searched.
CREATE FUNCTION search_material_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_materials(
    ARRAY(SELECT id FROM materials WHERE id = NEW.id OR topic_key = NEW.key));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_material_changed
  AFTER UPDATE OF key, kind, page, subject_slug, topic_key, title, description, grade, year, label, topics
  ON materials FOR EACH ROW EXECUTE FUNCTION search_material_changed();
--> statement-breakpoint
CREATE FUNCTION search_subject_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE key = 'subject:' || OLD.slug;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.slug <> NEW.slug THEN
    DELETE FROM search_entries WHERE key = 'subject:' || OLD.slug;
  END IF;
  PERFORM search_refresh_subject(NEW.slug);
  IF TG_OP = 'UPDATE' THEN
    PERFORM search_refresh_materials(ARRAY(SELECT id FROM materials WHERE subject_slug = NEW.slug));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_subject_changed AFTER INSERT OR UPDATE OR DELETE ON subjects
  FOR EACH ROW EXECUTE FUNCTION search_subject_changed();
--> statement-breakpoint
CREATE FUNCTION search_article_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_entries WHERE key = 'article:' || OLD.id;
  ELSE
    PERFORM search_refresh_article(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_article_changed AFTER INSERT OR UPDATE OR DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION search_article_changed();
--> statement-breakpoint
-- Every word of letters of a new or changed entry joins the spelling list (never a number or
-- a web address, which are no spelling). A word no entry holds any longer stays; search
-- offers a close spelling only when it still finds an entry.
CREATE FUNCTION search_words_of_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple',
    concat_ws(' ', NEW.title, NEW.terms, NEW.place, NEW.body)))) AS word
  WHERE length(word) BETWEEN 4 AND 40 AND word ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_of_entry AFTER INSERT OR UPDATE ON search_entries
  FOR EACH ROW EXECUTE FUNCTION search_words_of_entry();
--> statement-breakpoint
-- What was there before this migration.
SELECT search_refresh_subject(slug) FROM subjects;
--> statement-breakpoint
SELECT search_refresh_materials(ARRAY(SELECT id FROM materials));
--> statement-breakpoint
SELECT search_refresh_article(id) FROM articles;
