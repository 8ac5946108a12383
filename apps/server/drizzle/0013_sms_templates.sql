-- A text message is kept as a template code and its parameters (as a provider is sent them)
-- beside the rendered text. Older rows keep NULL: their text is all there is.
ALTER TABLE "sms_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "params" jsonb;
