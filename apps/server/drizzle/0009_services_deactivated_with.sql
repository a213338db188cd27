-- Which folder's deactivation turned a node off, so that restoring the folder can bring back exactly
-- those nodes. Nodes deactivated before this migration have none and are restored one by one.
ALTER TABLE "services" ADD COLUMN "deactivated_with_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deactivated_with_id_services_id_fk" FOREIGN KEY ("deactivated_with_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_deactivated_with_idx" ON "services" USING btree ("deactivated_with_id") WHERE "services"."deactivated_with_id" IS NOT NULL;
