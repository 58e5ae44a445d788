CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" char(64) NOT NULL,
	"byte_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");