-- Refund requests (issue 20, item 6): a member asks for a contact's credits back with a fixed reason, once per
-- contact; staff decide at the refund desk, which lists waiting requests first (decided_at null) on its own index.
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_reason" CHECK ("refund_requests"."reason" IN ('invalid_contact', 'no_answer', 'misleading', 'duplicate', 'other')),
	CONSTRAINT "refund_requests_status" CHECK ("refund_requests"."status" IN ('waiting', 'approved', 'declined', 'closed')),
	CONSTRAINT "refund_requests_decided" CHECK (("refund_requests"."status" = 'waiting') = ("refund_requests"."decided_at" IS NULL) AND ("refund_requests"."status" <> 'declined' OR "refund_requests"."decision_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_lead_unique" ON "refund_requests" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "refund_requests_decided_idx" ON "refund_requests" USING btree ("decided_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_created_idx" ON "refund_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_user_idx" ON "refund_requests" USING btree ("user_id","created_at","id");