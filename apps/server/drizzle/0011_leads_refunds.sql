-- Contacts that cost credits and come back: a refund (declined, unanswered, asked for, ad removed) is
-- one ledger entry linked to the lead, and the database refuses a second payment or refund of one
-- lead; one open contact per member, ad and service. A member's notices and mails use their language.
ALTER TABLE "leads" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'me' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_open_unique" ON "leads" USING btree ("ad_id","user_id","service_id") WHERE "leads"."refunded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "leads_unanswered_idx" ON "leads" USING btree ("contact_time","id") WHERE "leads"."is_accepted" IS NULL AND "leads"."refunded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "leads_user_contact_idx" ON "leads" USING btree ("user_id","contact_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_lead_payment_unique" ON "transactions" USING btree ("lead_id") WHERE "transactions"."lead_id" IS NOT NULL AND "transactions"."credit_amount" < 0;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_lead_refund_unique" ON "transactions" USING btree ("lead_id") WHERE "transactions"."lead_id" IS NOT NULL AND "transactions"."credit_amount" > 0;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_refund_reason" CHECK (("leads"."refunded_at" IS NULL) = ("leads"."refund_reason" IS NULL) AND ("leads"."refund_reason" IS NULL OR "leads"."refund_reason" IN ('declined', 'no_answer', 'request', 'ad_removed')));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" IN ('me', 'en'));
