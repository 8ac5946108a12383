-- Money in online (issue 17): recharges sent to Alipay / WeChat Pay and every notice they send,
-- credited or refused; a text's delivery through the configured SMS provider (status, id,
-- error, retries); an approved withdrawal paid through Alipay's transfer API.
CREATE TABLE "payment_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"verdict" text NOT NULL,
	"reason" text,
	"out_trade_no" text,
	"provider_trade_no" text,
	"amount" bigint,
	"recharge_id" integer,
	"headers" jsonb,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"pay_url" text,
	"provider_trade_no" text,
	"late" boolean DEFAULT false NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"queried_at" timestamp with time zone,
	CONSTRAINT "recharges_amount_positive" CHECK ("recharges"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider" text DEFAULT 'outbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_channel" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_ref" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_error" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_verdict_idx" ON "payment_notices" USING btree ("verdict","received_at");--> statement-breakpoint
CREATE INDEX "payment_notices_recharge_idx" ON "payment_notices" USING btree ("recharge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_no_uq" ON "recharges" USING btree ("no");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_provider_trade_uq" ON "recharges" USING btree ("channel","provider_trade_no") WHERE "recharges"."provider_trade_no" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_request_key_uq" ON "recharges" USING btree ("request_key") WHERE "recharges"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recharges_member_idx" ON "recharges" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'queued';