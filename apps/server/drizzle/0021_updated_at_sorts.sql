-- Issue 18: every list sorts by updated_at; the contacts, refund requests and saved views do it on an index of their own
-- (until now they sorted on their creation time instead).
CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "saved_views_updated_at_idx" ON "saved_views" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_updated_at_idx" ON "refund_requests" USING btree ("updated_at","id");