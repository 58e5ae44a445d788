-- A topic's subtopics (materials.topics: a booklet's from its subject page, a video's) are words
-- a student searches for, as strong as its title: they move from the text (weight D) to the
-- terms (weight A), its practice test and answers share them, and with no description they
-- are the summary shown under the result (docs/decisions/0079-subtopics-synonyms-and-search-speed.md).
-- Otherwise as database/migrations/0007_search.sql.
CREATE OR REPLACE FUNCTION search_refresh_materials(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
    coalesce(m.description, array_to_string(coalesce(m.topics, booklet.topics), ', '), ''),
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
      END,
      array_to_string(coalesce(m.topics, booklet.topics), ' ')),
    coalesce(m.description, ''),
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
-- What was there before this migration: booklets get their subtopics when the catalogue loads.
SELECT search_refresh_materials(ARRAY(SELECT id FROM materials WHERE topics IS NOT NULL));
