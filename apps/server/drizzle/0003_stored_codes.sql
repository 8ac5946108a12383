ALTER TABLE "ledger_entries" ADD COLUMN "memo_code" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "memo_params" jsonb;--> statement-breakpoint
-- Stored reasons are codes each locale translates; old rows said it in Chinese.
UPDATE "orders" SET "cancel_reason" = 'PAYMENT_TIMEOUT' WHERE "cancel_reason" = '超时未支付';
