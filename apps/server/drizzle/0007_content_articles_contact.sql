CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content" text NOT NULL,
	"cover" text,
	"published" boolean NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_info" (
	"id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"wechat" text NOT NULL,
	"email" text NOT NULL,
	"service_hours" text NOT NULL,
	"address" text NOT NULL,
	"qr_code" text NOT NULL,
	"notes" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "articles_kind_published_idx" ON "articles" USING btree ("kind","published","published_at");