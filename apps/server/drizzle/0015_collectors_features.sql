CREATE TABLE "condition_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"grade" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"dimensions" text DEFAULT '' NOT NULL,
	"weight" text DEFAULT '' NOT NULL,
	"marks" text DEFAULT '' NOT NULL,
	"repairs" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examined_by" text NOT NULL,
	"examined_at" timestamp with time zone NOT NULL,
	"certificate" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"holding_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claims_amount_nonneg" CHECK ("claims"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lot_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"bidder_key" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"created_by" integer NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lot_offers_price_pos" CHECK ("lot_offers"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "lot_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"text" text NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_watches" (
	"member_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lot_watches_member_id_lot_id_pk" PRIMARY KEY("member_id","lot_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" integer,
	"era" text,
	"min_price" bigint,
	"max_price" bigint,
	"kind" text NOT NULL,
	"last_matched_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_searches_price_range" CHECK ("saved_searches"."min_price" IS NULL OR "saved_searches"."max_price" IS NULL OR "saved_searches"."min_price" <= "saved_searches"."max_price")
);
--> statement-breakpoint
CREATE TABLE "lot_signals" (
	"lot_id" integer PRIMARY KEY NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"bidders" jsonb NOT NULL,
	"review_status" text DEFAULT 'open' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_sessions" ADD COLUMN "stagger_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_offers" ADD CONSTRAINT "lot_offers_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_offers" ADD CONSTRAINT "lot_offers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_questions" ADD CONSTRAINT "lot_questions_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_questions" ADD CONSTRAINT "lot_questions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_watches" ADD CONSTRAINT "lot_watches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_watches" ADD CONSTRAINT "lot_watches_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_reports_subject_uq" ON "condition_reports" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE INDEX "claims_member_idx" ON "claims" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_holding_live_uq" ON "claims" USING btree ("holding_id") WHERE "claims"."status" IN ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "lot_offers_member_idx" ON "lot_offers" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "lot_offers_open_idx" ON "lot_offers" USING btree ("expires_at") WHERE "lot_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "lot_offers_lot_live_uq" ON "lot_offers" USING btree ("lot_id") WHERE "lot_offers"."status" IN ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "lot_questions_lot_idx" ON "lot_questions" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "lot_questions_open_idx" ON "lot_questions" USING btree ("created_at") WHERE "lot_questions"."answered_at" IS NULL AND NOT "lot_questions"."hidden";--> statement-breakpoint
CREATE INDEX "lot_questions_member_idx" ON "lot_questions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "lot_watches_lot_idx" ON "lot_watches" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "messages_member_idx" ON "messages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("member_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_member_idx" ON "saved_searches" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_terms_idx" ON "saved_searches" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "lot_signals_queue_idx" ON "lot_signals" USING btree ("review_status","score");--> statement-breakpoint
CREATE INDEX "products_terms_idx" ON "products" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "lots_search_idx" ON "lots" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "lots_category_idx" ON "lots" USING btree ("category_id","ends_at");--> statement-breakpoint
CREATE INDEX "lots_product_idx" ON "lots" USING btree ("product_id");--> statement-breakpoint
-- Lots made before the product and department were kept on the lot: from the piece's product.
UPDATE "lots" AS l SET "product_id" = h."product_id", "category_id" = p."category_id"
FROM "holdings" AS h JOIN "products" AS p ON p."id" = h."product_id"
WHERE h."id" = l."holding_id" AND l."product_id" IS NULL;
