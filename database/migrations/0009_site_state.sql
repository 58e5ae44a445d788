-- What the site keeps about its database: the fingerprint a restart compares to skip loading
-- unchanged content again (server/prepare-database.ts, docs/decisions/0057-start-within-a-second.md).
CREATE TABLE "site_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
