-- The moderation desk (issue 19): the append-only audit trail, rejection reason templates, ad revisions (the diff a
-- moderator sees), claims of ads under review, photo hashes (reused photos, found through four 16-bit bands), what a
-- status change sent to the poster, and the indexes of the contact hints.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"ip" "inet",
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_claims" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_me" text NOT NULL,
	"title_en" text NOT NULL,
	"text_me" text NOT NULL,
	"text_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_photos" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD COLUMN "reason_ids" integer[];--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD COLUMN "statement" text;--> statement-breakpoint
ALTER TABLE "ad_claims" ADD CONSTRAINT "ad_claims_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_claims" ADD CONSTRAINT "ad_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_revisions" ADD CONSTRAINT "ad_revisions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_revisions" ADD CONSTRAINT "ad_revisions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","record_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "ad_claims_expires_idx" ON "ad_claims" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ad_revisions_ad_idx" ON "ad_revisions" USING btree ("ad_id","id");--> statement-breakpoint
CREATE INDEX "ad_revisions_approved_idx" ON "ad_revisions" USING btree ("ad_id","id") WHERE "ad_revisions"."approved_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "rejection_reasons_updated_idx" ON "rejection_reasons" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "rejection_reasons_active_idx" ON "rejection_reasons" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band0_idx" ON "ad_photos" USING btree ((("phash" >> 0) & 65535));--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band1_idx" ON "ad_photos" USING btree ((("phash" >> 16) & 65535));--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band2_idx" ON "ad_photos" USING btree ((("phash" >> 32) & 65535));--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band3_idx" ON "ad_photos" USING btree ((("phash" >> 48) & 65535));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_email_local_idx" ON "users" USING btree (lower(split_part("email", '@', 1)));
--> statement-breakpoint
-- Append-only: the product can neither change nor empty the trail. An operator archives old entries as the table's
-- owner in a maintenance session (docs/OPERATIONS.md).
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
