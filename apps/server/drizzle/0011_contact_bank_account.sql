ALTER TABLE "contact_info" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_info" ADD COLUMN "bank_account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_info" ADD COLUMN "bank_account_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_info" ADD COLUMN "bank_notes" text DEFAULT '' NOT NULL;