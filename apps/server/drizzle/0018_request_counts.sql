-- Unlogged: counts are worth no WAL (and stay off the replica); a crash only resets them.
CREATE UNLOGGED TABLE "request_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_counts_window_idx" ON "request_counts" USING btree ("window_ends");