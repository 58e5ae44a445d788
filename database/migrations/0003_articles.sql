CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_key" text,
	"title" text NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"poster" text NOT NULL,
	"position" text NOT NULL,
	"images" jsonb NOT NULL,
	"intro" text[] NOT NULL,
	"groups" jsonb NOT NULL,
	"closing_image" jsonb NOT NULL,
	"keywords" text[] NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"origin" text DEFAULT 'content' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_content_key_unique" UNIQUE("content_key")
);
--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published","id");