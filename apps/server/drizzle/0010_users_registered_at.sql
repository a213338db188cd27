-- Members who opened their account themselves must verify their e-mail before the app signs them
-- in; accounts made by staff need not. Earlier self-registrations are known by their verification
-- token.
ALTER TABLE "users" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "registered_at" = "created_at"
WHERE EXISTS (
  SELECT 1 FROM "account_tokens" t WHERE t."user_id" = "users"."id" AND t."purpose" = 'verify_account'
);
