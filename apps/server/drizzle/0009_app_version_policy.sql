CREATE TABLE "app_version_policy" (
	"id" integer PRIMARY KEY NOT NULL,
	"latest" text NOT NULL,
	"min_supported" text NOT NULL,
	"download_url" text NOT NULL,
	"update_content" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A policy kept among the settings before (key appVersion) moves to its table.
INSERT INTO "app_version_policy" ("id", "latest", "min_supported", "download_url", "update_content", "updated_at")
SELECT 1, COALESCE("value"->>'latest', '1.0.0'), COALESCE("value"->>'minSupported', '1.0.0'),
       COALESCE("value"->>'downloadUrl', ''), COALESCE("value"->>'updateContent', ''), "updated_at"
FROM "settings" WHERE "key" = 'appVersion';
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'appVersion';
