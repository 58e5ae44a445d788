-- Login and registration limits shared by server processes on one PostgreSQL without Redis
-- (docs/decisions/0053-shared-limits-and-several-processes.md, server/postgres-rate-limit.ts).
CREATE TABLE "rate_counters" (
	"id" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_expires_at_idx" ON "rate_counters" USING btree ("expires_at");