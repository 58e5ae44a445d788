CREATE TABLE "lite_copies" (
	"full_sha256" char(64) PRIMARY KEY NOT NULL,
	"lite_sha256" char(64),
	"lite_byte_size" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lite_copies_made_or_why_not" CHECK (("lite_copies"."lite_sha256" is not null and "lite_copies"."lite_byte_size" is not null and "lite_copies"."reason" is null) or ("lite_copies"."lite_sha256" is null and "lite_copies"."lite_byte_size" is null and "lite_copies"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_subject_idx" ON "jobs" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
-- A lite copy changes a download link (it offers both copies), so it is a change of content
-- (database/migrations/0011_content_version.sql). Jobs are not: no page shows them but the
-- admin's, which is never kept.
CREATE CONSTRAINT TRIGGER "lite_copies_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "lite_copies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER "lite_copies_content_truncated" AFTER TRUNCATE ON "lite_copies" FOR EACH STATEMENT EXECUTE FUNCTION content_truncated();
