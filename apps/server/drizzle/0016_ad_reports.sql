-- Ad reports (issue 19 item 6, issue 20 item 8): anyone signed in reports an ad once with a fixed reason; staff resolve
-- an ad's open reports (dismiss, or change its status). ad_report_queue keeps one row per ad with open reports and
-- their count and first/last time, so the grouped queue pages by count or age on indexes.
CREATE TABLE "ad_report_queue" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"open_count" integer NOT NULL,
	"oldest_at" timestamp with time zone NOT NULL,
	"newest_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_report_queue_count" CHECK ("ad_report_queue"."open_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" integer,
	"decision" text,
	"decision_comment" text,
	CONSTRAINT "ad_reports_reason" CHECK ("ad_reports"."reason" IN ('spam', 'prohibited', 'wrong_category', 'misleading_price', 'offensive', 'other')),
	CONSTRAINT "ad_reports_text" CHECK ("ad_reports"."reason" <> 'other' OR "ad_reports"."text" IS NOT NULL),
	CONSTRAINT "ad_reports_resolved" CHECK (("ad_reports"."resolved_at" IS NULL) = ("ad_reports"."decision" IS NULL) AND ("ad_reports"."decision" IS NULL OR "ad_reports"."decision" IN ('dismiss', 'status')))
);
--> statement-breakpoint
ALTER TABLE "ad_report_queue" ADD CONSTRAINT "ad_report_queue_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_report_queue_count_idx" ON "ad_report_queue" USING btree ("open_count","ad_id");--> statement-breakpoint
CREATE INDEX "ad_report_queue_oldest_idx" ON "ad_report_queue" USING btree ("oldest_at","ad_id");--> statement-breakpoint
CREATE INDEX "ad_report_queue_newest_idx" ON "ad_report_queue" USING btree ("newest_at","ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_ad_user_unique" ON "ad_reports" USING btree ("ad_id","user_id");--> statement-breakpoint
CREATE INDEX "ad_reports_open_idx" ON "ad_reports" USING btree ("ad_id","reason") WHERE "ad_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ad_reports_user_idx" ON "ad_reports" USING btree ("user_id");