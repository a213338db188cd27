CREATE TYPE "public"."account_token_purpose" AS ENUM('verify_account', 'reset_password', 'delete_account');--> statement-breakpoint
CREATE TABLE "ad_day_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_day_id" integer NOT NULL,
	"start_at" time NOT NULL,
	"stop_at" time NOT NULL,
	CONSTRAINT "ad_day_times_min_gap" CHECK ("ad_day_times"."stop_at" - "ad_day_times"."start_at" >= interval '5 minutes')
);
--> statement-breakpoint
CREATE TABLE "ad_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"day_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ad_days_ad_day_unique" UNIQUE("ad_id","day_id")
);
--> statement-breakpoint
CREATE TABLE "ad_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"photo_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_place_cities" (
	"ad_place_id" integer NOT NULL,
	"os_city_id" integer NOT NULL,
	CONSTRAINT "ad_place_cities_ad_place_id_os_city_id_pk" PRIMARY KEY("ad_place_id","os_city_id")
);
--> statement-breakpoint
CREATE TABLE "ad_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"os_country_id" integer NOT NULL,
	CONSTRAINT "ad_places_ad_country_unique" UNIQUE("ad_id","os_country_id")
);
--> statement-breakpoint
CREATE TABLE "ad_services" (
	"ad_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "ad_services_ad_id_service_id_pk" PRIMARY KEY("ad_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "ad_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"reason" text,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_status_order" (
	"status_id" integer NOT NULL,
	"next_status_id" integer NOT NULL,
	CONSTRAINT "ad_status_order_status_id_next_status_id_pk" PRIMARY KEY("status_id","next_status_id")
);
--> statement-breakpoint
CREATE TABLE "ad_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"background_color" text NOT NULL,
	"is_reason_required" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"is_offer" boolean NOT NULL,
	"posted_by_user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"price_from" numeric(14, 2) NOT NULL,
	"price_to" numeric(14, 2),
	"ad_status_id" integer DEFAULT 1 NOT NULL,
	"status_comment" text,
	"all_countries" boolean DEFAULT false NOT NULL,
	"all_working_days" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_price_from_positive" CHECK ("ads"."price_from" > 0),
	CONSTRAINT "ads_price_to_above_from" CHECK ("ads"."price_to" IS NULL OR "ads"."price_to" > "ads"."price_from")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"service_id" integer,
	"user_id" integer NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"contact_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_accepted" boolean,
	"response_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_credit_not_negative" CHECK ("leads"."credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "account_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"access_token_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
CREATE TABLE "credit_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_price_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"os_country_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"price_per_credit" numeric(12, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_prices_positive" CHECK ("credit_prices"."price_per_credit" > 0)
);
--> statement-breakpoint
CREATE TABLE "lead_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_for_user_id" integer NOT NULL,
	"credit_price_id" integer,
	"credit_before_adding" numeric(14, 2) NOT NULL,
	"add_credit_amount" numeric(14, 2) NOT NULL,
	"credit_after_adding" numeric(14, 2) NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_transactions_arithmetic" CHECK ("lead_transactions"."credit_after_adding" = "lead_transactions"."credit_before_adding" + "lead_transactions"."add_credit_amount"),
	CONSTRAINT "lead_transactions_after_not_negative" CHECK ("lead_transactions"."credit_after_adding" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"credit_amount" numeric(14, 2) NOT NULL,
	"credit_state" numeric(14, 2) NOT NULL,
	"lead_id" integer,
	"lead_transaction_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_state_not_negative" CHECK ("transactions"."credit_state" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_recipients_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_target_user_types" (
	"notification_id" integer NOT NULL,
	"user_type_id" integer NOT NULL,
	CONSTRAINT "notification_target_user_types_notification_id_user_type_id_pk" PRIMARY KEY("notification_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "notification_target_users" (
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "notification_target_users_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"notification_text" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "os_cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"post_code" text NOT NULL,
	"os_country_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "os_countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"sign" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "days" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "days_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "service_credit_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_service" boolean DEFAULT false NOT NULL,
	"credit" numeric(14, 2),
	"icon_url" text,
	"service_id" integer,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_credit_for_services" CHECK (NOT "services"."is_service" OR "services"."credit" IS NOT NULL),
	CONSTRAINT "services_credit_range" CHECK ("services"."credit" IS NULL OR ("services"."credit" >= 0 AND "services"."credit" < 1000000))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"phone" text,
	"details" text,
	"image_url" text,
	"address" text,
	"pib" text,
	"user_type_id" integer,
	"credit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credit_not_negative" CHECK ("users"."credit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ad_day_times" ADD CONSTRAINT "ad_day_times_ad_day_id_ad_days_id_fk" FOREIGN KEY ("ad_day_id") REFERENCES "public"."ad_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_days" ADD CONSTRAINT "ad_days_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_days" ADD CONSTRAINT "ad_days_day_id_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_photos" ADD CONSTRAINT "ad_photos_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_place_cities" ADD CONSTRAINT "ad_place_cities_ad_place_id_ad_places_id_fk" FOREIGN KEY ("ad_place_id") REFERENCES "public"."ad_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_place_cities" ADD CONSTRAINT "ad_place_cities_os_city_id_os_cities_id_fk" FOREIGN KEY ("os_city_id") REFERENCES "public"."os_cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_places" ADD CONSTRAINT "ad_places_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_places" ADD CONSTRAINT "ad_places_os_country_id_os_countries_id_fk" FOREIGN KEY ("os_country_id") REFERENCES "public"."os_countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_services" ADD CONSTRAINT "ad_services_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_services" ADD CONSTRAINT "ad_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD CONSTRAINT "ad_status_history_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD CONSTRAINT "ad_status_history_from_status_id_ad_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."ad_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD CONSTRAINT "ad_status_history_to_status_id_ad_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."ad_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_history" ADD CONSTRAINT "ad_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_order" ADD CONSTRAINT "ad_status_order_status_id_ad_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."ad_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_status_order" ADD CONSTRAINT "ad_status_order_next_status_id_ad_statuses_id_fk" FOREIGN KEY ("next_status_id") REFERENCES "public"."ad_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_posted_by_user_id_users_id_fk" FOREIGN KEY ("posted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_status_id_ad_statuses_id_fk" FOREIGN KEY ("ad_status_id") REFERENCES "public"."ad_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_price_history" ADD CONSTRAINT "credit_price_history_credit_price_id_credit_prices_id_fk" FOREIGN KEY ("credit_price_id") REFERENCES "public"."credit_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_price_history" ADD CONSTRAINT "credit_price_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_prices" ADD CONSTRAINT "credit_prices_os_country_id_os_countries_id_fk" FOREIGN KEY ("os_country_id") REFERENCES "public"."os_countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_prices" ADD CONSTRAINT "credit_prices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transactions" ADD CONSTRAINT "lead_transactions_credit_for_user_id_users_id_fk" FOREIGN KEY ("credit_for_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transactions" ADD CONSTRAINT "lead_transactions_credit_price_id_credit_prices_id_fk" FOREIGN KEY ("credit_price_id") REFERENCES "public"."credit_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_transactions" ADD CONSTRAINT "lead_transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_lead_transaction_id_lead_transactions_id_fk" FOREIGN KEY ("lead_transaction_id") REFERENCES "public"."lead_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_target_user_types" ADD CONSTRAINT "notification_target_user_types_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_target_user_types" ADD CONSTRAINT "notification_target_user_types_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_target_users" ADD CONSTRAINT "notification_target_users_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_target_users" ADD CONSTRAINT "notification_target_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "os_cities" ADD CONSTRAINT "os_cities_os_country_id_os_countries_id_fk" FOREIGN KEY ("os_country_id") REFERENCES "public"."os_countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_credit_history" ADD CONSTRAINT "service_credit_history_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_credit_history" ADD CONSTRAINT "service_credit_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_day_times_day_idx" ON "ad_day_times" USING btree ("ad_day_id","start_at");--> statement-breakpoint
CREATE INDEX "ad_photos_ad_idx" ON "ad_photos" USING btree ("ad_id","position");--> statement-breakpoint
CREATE INDEX "ad_place_cities_city_idx" ON "ad_place_cities" USING btree ("os_city_id");--> statement-breakpoint
CREATE INDEX "ad_services_service_idx" ON "ad_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "ad_status_history_ad_idx" ON "ad_status_history" USING btree ("ad_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_updated_at_idx" ON "ads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "ads_status_updated_idx" ON "ads" USING btree ("ad_status_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("posted_by_user_id");--> statement-breakpoint
CREATE INDEX "ads_currency_idx" ON "ads" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "ads_price_from_idx" ON "ads" USING btree ("price_from");--> statement-breakpoint
CREATE INDEX "ads_price_to_idx" ON "ads" USING btree ("price_to");--> statement-breakpoint
CREATE INDEX "ads_title_trgm" ON "ads" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_description_trgm" ON "ads" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_ad_idx" ON "leads" USING btree ("ad_id","contact_time");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "credit_price_history_price_idx" ON "credit_price_history" USING btree ("credit_price_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_prices_country_currency_unique" ON "credit_prices" USING btree ("os_country_id","currency_id");--> statement-breakpoint
CREATE INDEX "credit_prices_updated_at_idx" ON "credit_prices" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_user_idx" ON "lead_transactions" USING btree ("credit_for_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "transactions_updated_at_idx" ON "transactions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "transactions_description_trgm" ON "transactions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_recipients_user_idx" ON "notification_recipients" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_updated_at_idx" ON "notifications" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "notifications_subject_trgm" ON "notifications" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "os_cities_country_name_unique" ON "os_cities" USING btree ("os_country_id",lower("name"));--> statement-breakpoint
CREATE INDEX "os_cities_updated_at_idx" ON "os_cities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "os_cities_name_trgm" ON "os_cities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "os_cities_post_code_idx" ON "os_cities" USING btree ("post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "os_countries_code_unique" ON "os_countries" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "os_countries_updated_at_idx" ON "os_countries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "os_countries_name_trgm" ON "os_countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_short_name_unique" ON "currencies" USING btree (lower("short_name"));--> statement-breakpoint
CREATE INDEX "currencies_updated_at_idx" ON "currencies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "days_updated_at_idx" ON "days" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_credit_history_service_idx" ON "service_credit_history" USING btree ("service_id","updated_at");--> statement-breakpoint
CREATE INDEX "services_parent_idx" ON "services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "services_updated_at_idx" ON "services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "services_name_trgm" ON "services" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_name_unique" ON "user_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "user_types_updated_at_idx" ON "user_types" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_user_type_idx" ON "users" USING btree ("user_type_id");--> statement-breakpoint
CREATE INDEX "users_credit_idx" ON "users" USING btree ("credit");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_details_trgm" ON "users" USING gin ("details" gin_trgm_ops);