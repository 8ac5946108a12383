CREATE TABLE "delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"holding_id" integer NOT NULL,
	"status" text NOT NULL,
	"reserve_price" bigint,
	"lot_id" integer,
	"reject_reason" text,
	"hammer_price" bigint,
	"commission" bigint,
	"proceeds" bigint,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"request_key" text
);
--> statement-breakpoint
CREATE TABLE "holding_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"holding_id" integer NOT NULL,
	"event" text NOT NULL,
	"price" bigint,
	"ref" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"address" jsonb NOT NULL,
	"status" text NOT NULL,
	"carrier" text,
	"tracking_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"shipped_by" integer,
	"received_at" timestamp with time zone,
	"request_key" text
);
--> statement-breakpoint
CREATE TABLE "auction_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"member_id" integer NOT NULL,
	"bidder_key" text NOT NULL,
	"bidder_public" text NOT NULL,
	"max_bid" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"price_after" bigint NOT NULL,
	"leading" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"request_key" text
);
--> statement-breakpoint
CREATE TABLE "lot_bidders" (
	"lot_id" integer NOT NULL,
	"bidder_key" text NOT NULL,
	"member_id" integer NOT NULL,
	"max_bid" bigint NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"deposit" bigint NOT NULL,
	"deposit_settled_at" timestamp with time zone,
	CONSTRAINT "lot_bidders_lot_id_bidder_key_pk" PRIMARY KEY("lot_id","bidder_key"),
	CONSTRAINT "lot_bidders_deposit_nonneg" CHECK ("lot_bidders"."deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lot_notices" (
	"lot_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lot_notices_lot_id_member_id_kind_pk" PRIMARY KEY("lot_id","member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"holding_id" integer NOT NULL,
	"consignor_id" integer,
	"consignor_key" text,
	"delegation_id" integer,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"images" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"era" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"dimensions" text DEFAULT '' NOT NULL,
	"start_price" bigint NOT NULL,
	"reserve_price" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text NOT NULL,
	"current_price" bigint NOT NULL,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"leader_key" text,
	"leader_member_id" integer,
	"leader_max_bid" bigint,
	"leader_seq" integer,
	"last_hash" text,
	"closed_at" timestamp with time zone,
	"winner_id" integer,
	"hammer_price" bigint,
	"order_id" integer,
	"ending_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lots_price_nonneg" CHECK ("lots"."current_price" >= 0 AND "lots"."start_price" > 0),
	CONSTRAINT "lots_times" CHECK ("lots"."planned_end" > "lots"."starts_at" AND "lots"."ends_at" >= "lots"."planned_end")
);
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holding_id" integer;--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "pick_id" integer;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_events" ADD CONSTRAINT "holding_events_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_bidders" ADD CONSTRAINT "lot_bidders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_notices" ADD CONSTRAINT "lot_notices_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_notices" ADD CONSTRAINT "lot_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_session_id_auction_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auction_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_consignor_id_members_id_fk" FOREIGN KEY ("consignor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegations_member_idx" ON "delegations" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "delegations_status_idx" ON "delegations" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_lot_uq" ON "delegations" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_active_holding_uq" ON "delegations" USING btree ("holding_id") WHERE "delegations"."status" IN ('pending', 'listed');--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_request_key_uq" ON "delegations" USING btree ("request_key") WHERE "delegations"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "holding_events_holding_idx" ON "holding_events" USING btree ("holding_id","id");--> statement-breakpoint
CREATE INDEX "picks_member_idx" ON "picks" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "picks_status_idx" ON "picks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "picks_shipped_idx" ON "picks" USING btree ("shipped_at") WHERE "picks"."status" = 'shipped';--> statement-breakpoint
CREATE UNIQUE INDEX "picks_request_key_uq" ON "picks" USING btree ("request_key") WHERE "picks"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "auction_sessions_starts_idx" ON "auction_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_lot_seq_uq" ON "bids" USING btree ("lot_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_request_key_uq" ON "bids" USING btree ("request_key") WHERE "bids"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bids_member_idx" ON "bids" USING btree ("member_id","lot_id");--> statement-breakpoint
CREATE INDEX "lot_bidders_member_idx" ON "lot_bidders" USING btree ("member_id","lot_id");--> statement-breakpoint
CREATE INDEX "lots_open_end_idx" ON "lots" USING btree ("ends_at") WHERE "lots"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "lots_session_idx" ON "lots" USING btree ("session_id","starts_at");--> statement-breakpoint
CREATE INDEX "lots_starts_idx" ON "lots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "lots_status_end_idx" ON "lots" USING btree ("status","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_order_uq" ON "lots" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "holdings_pick_idx" ON "holdings" USING btree ("pick_id");