-- A contact's deadline is fixed when it is made (contact time + LEAD_ANSWER_HOURS as it was then), so
-- changing the setting later keeps what members were promised; the refund worker looks it up on
-- the unanswered contacts' index. Existing contacts get the default 72 hours.
DROP INDEX "leads_unanswered_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "answer_due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "leads" SET "answer_due_at" = "contact_time" + interval '72 hours';--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "answer_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "answer_due_at" SET DEFAULT now() + interval '72 hours';--> statement-breakpoint
CREATE INDEX "leads_unanswered_idx" ON "leads" USING btree ("answer_due_at","id") WHERE "leads"."is_accepted" IS NULL AND "leads"."refunded_at" IS NULL;
