ALTER TABLE "lots" ADD COLUMN "provenance" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "holdings_house_product_idx" ON "holdings" USING btree ("product_id") WHERE "holdings"."owner_id" IS NULL AND "holdings"."status" = 'held';