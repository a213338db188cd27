-- Lists read through a parent (a price's or a service's history, a user's credits, ads and ledger,
-- an ad's contacts) sort by date with the id as tie-breaker: an index on (parent, date, id)
-- serves that page without a sort.
DROP INDEX "ads_user_idx";--> statement-breakpoint
DROP INDEX "leads_ad_idx";--> statement-breakpoint
DROP INDEX "credit_price_history_price_idx";--> statement-breakpoint
DROP INDEX "lead_transactions_user_idx";--> statement-breakpoint
DROP INDEX "service_credit_history_service_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_updated_at_idx" ON "transactions" USING btree ("user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("posted_by_user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_ad_idx" ON "leads" USING btree ("ad_id","contact_time","id");--> statement-breakpoint
CREATE INDEX "credit_price_history_price_idx" ON "credit_price_history" USING btree ("credit_price_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_user_idx" ON "lead_transactions" USING btree ("credit_for_user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "service_credit_history_service_idx" ON "service_credit_history" USING btree ("service_id","updated_at","id");