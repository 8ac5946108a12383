ALTER TABLE "ledger_entries" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_request_key_uq" ON "ledger_entries" USING btree ("request_key") WHERE "ledger_entries"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key_uq" ON "orders" USING btree ("request_key") WHERE "orders"."request_key" IS NOT NULL;