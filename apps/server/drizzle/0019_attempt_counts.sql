-- Unlogged, as request_counts: a crash only resets the counts.
CREATE UNLOGGED TABLE "attempt_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone
);
