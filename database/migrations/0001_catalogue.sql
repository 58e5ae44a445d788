CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"page" text NOT NULL,
	"subject_slug" text,
	"topic_key" text,
	"title" text NOT NULL,
	"description" text,
	"grade" text,
	"year" integer,
	"label" text,
	"image" text,
	"image_alt" text,
	"crossed_out_price" text,
	"price_ngwee" integer,
	"is_free" boolean DEFAULT true NOT NULL,
	"brain_booster" text,
	"topics" text[],
	"youtube_id" text,
	"position" integer NOT NULL,
	"file_id" integer,
	"external_url" text,
	"external_byte_size" bigint,
	"download_count" integer DEFAULT 0 NOT NULL,
	"origin" text DEFAULT 'content' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_key_unique" UNIQUE("key"),
	CONSTRAINT "materials_external_https" CHECK ("materials"."external_url" is null or "materials"."external_url" like 'https://%')
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"keywords" text[] NOT NULL,
	"cover" text,
	"quizzes" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"origin" text DEFAULT 'content' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_subject_slug_subjects_slug_fk" FOREIGN KEY ("subject_slug") REFERENCES "public"."subjects"("slug") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "materials_page_idx" ON "materials" USING btree ("page","position");