CREATE TABLE "picture_sizes" (
	"original_sha256" char(64) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" char(64) NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_sizes_original_sha256_width_height_pk" PRIMARY KEY("original_sha256","width","height")
);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "picture_sizes_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "picture_sizes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "picture_sizes_content_truncated" AFTER TRUNCATE ON "picture_sizes" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
