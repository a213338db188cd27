CREATE INDEX "ad_status_history_created_idx" ON "ad_status_history" USING btree ("created_at","to_status_id");--> statement-breakpoint
CREATE INDEX "leads_contact_time_idx" ON "leads" USING btree ("contact_time");--> statement-breakpoint
CREATE INDEX "lead_transactions_created_at_idx" ON "lead_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");