-- Every sortable column of every list has an index that serves the list engine's ORDER BY
-- (list-engine buildOrderBy): the column or expression, with the ICU collation for text, then the
-- id. Columns of joined tables are copied onto the list's own table (os_cities.country_name,
-- credit_prices.country_name / currency_name, transactions.user_name, ads.poster_name) and kept
-- right by the triggers below. test/sort-indexes.test.ts checks every list against this.
DROP INDEX "ads_price_from_idx";--> statement-breakpoint
DROP INDEX "ads_price_to_idx";--> statement-breakpoint
DROP INDEX "leads_contact_time_idx";--> statement-breakpoint
DROP INDEX "user_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "users_credit_idx";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "poster_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_prices" ADD COLUMN "country_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_prices" ADD COLUMN "currency_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "user_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "os_cities" ADD COLUMN "country_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Fill the copies of the rows there are.
UPDATE "os_cities" SET "country_name" = c."name" FROM "os_countries" c WHERE c."id" = "os_cities"."os_country_id";--> statement-breakpoint
UPDATE "credit_prices" SET "country_name" = c."name", "currency_name" = k."name" FROM "os_countries" c, "currencies" k WHERE c."id" = "credit_prices"."os_country_id" AND k."id" = "credit_prices"."currency_id";--> statement-breakpoint
UPDATE "transactions" SET "user_name" = u."name" || ' ' || coalesce(u."last_name", '') FROM "users" u WHERE u."id" = "transactions"."user_id";--> statement-breakpoint
UPDATE "ads" SET "poster_name" = u."name" || ' ' || coalesce(u."last_name", '') FROM "users" u WHERE u."id" = "ads"."posted_by_user_id";--> statement-breakpoint
-- A row takes its copy when it is written or pointed elsewhere. The parent row is read FOR SHARE:
-- a rename in another transaction waits for this one (and then updates this row too) or this one
-- waits for the rename (and then reads the new name), so a copy is never left with an old name.
-- No parent found: the copy is '' and the foreign key reports the error, as before.
CREATE FUNCTION "os_cities_set_country_name"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_name text;
BEGIN
  SELECT c."name" INTO found_name FROM "os_countries" c WHERE c."id" = NEW."os_country_id" FOR SHARE;
  NEW."country_name" := coalesce(found_name, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "os_cities_country_name_on_insert" BEFORE INSERT ON "os_cities" FOR EACH ROW EXECUTE FUNCTION "os_cities_set_country_name"();--> statement-breakpoint
CREATE TRIGGER "os_cities_country_name_on_update" BEFORE UPDATE OF "os_country_id", "country_name" ON "os_cities" FOR EACH ROW WHEN (NEW."os_country_id" IS DISTINCT FROM OLD."os_country_id" OR NEW."country_name" IS DISTINCT FROM OLD."country_name") EXECUTE FUNCTION "os_cities_set_country_name"();--> statement-breakpoint
CREATE FUNCTION "credit_prices_set_names"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_country text;
  found_currency text;
BEGIN
  SELECT c."name" INTO found_country FROM "os_countries" c WHERE c."id" = NEW."os_country_id" FOR SHARE;
  SELECT k."name" INTO found_currency FROM "currencies" k WHERE k."id" = NEW."currency_id" FOR SHARE;
  NEW."country_name" := coalesce(found_country, '');
  NEW."currency_name" := coalesce(found_currency, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_prices_names_on_insert" BEFORE INSERT ON "credit_prices" FOR EACH ROW EXECUTE FUNCTION "credit_prices_set_names"();--> statement-breakpoint
CREATE TRIGGER "credit_prices_names_on_update" BEFORE UPDATE OF "os_country_id", "currency_id", "country_name", "currency_name" ON "credit_prices" FOR EACH ROW WHEN (NEW."os_country_id" IS DISTINCT FROM OLD."os_country_id" OR NEW."currency_id" IS DISTINCT FROM OLD."currency_id" OR NEW."country_name" IS DISTINCT FROM OLD."country_name" OR NEW."currency_name" IS DISTINCT FROM OLD."currency_name") EXECUTE FUNCTION "credit_prices_set_names"();--> statement-breakpoint
CREATE FUNCTION "transactions_set_user_name"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_name text;
BEGIN
  SELECT u."name" || ' ' || coalesce(u."last_name", '') INTO found_name FROM "users" u WHERE u."id" = NEW."user_id" FOR SHARE;
  NEW."user_name" := coalesce(found_name, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_user_name_on_insert" BEFORE INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION "transactions_set_user_name"();--> statement-breakpoint
CREATE TRIGGER "transactions_user_name_on_update" BEFORE UPDATE OF "user_id", "user_name" ON "transactions" FOR EACH ROW WHEN (NEW."user_id" IS DISTINCT FROM OLD."user_id" OR NEW."user_name" IS DISTINCT FROM OLD."user_name") EXECUTE FUNCTION "transactions_set_user_name"();--> statement-breakpoint
CREATE FUNCTION "ads_set_poster_name"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_name text;
BEGIN
  SELECT u."name" || ' ' || coalesce(u."last_name", '') INTO found_name FROM "users" u WHERE u."id" = NEW."posted_by_user_id" FOR SHARE;
  NEW."poster_name" := coalesce(found_name, '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ads_poster_name_on_insert" BEFORE INSERT ON "ads" FOR EACH ROW EXECUTE FUNCTION "ads_set_poster_name"();--> statement-breakpoint
CREATE TRIGGER "ads_poster_name_on_update" BEFORE UPDATE OF "posted_by_user_id", "poster_name" ON "ads" FOR EACH ROW WHEN (NEW."posted_by_user_id" IS DISTINCT FROM OLD."posted_by_user_id" OR NEW."poster_name" IS DISTINCT FROM OLD."poster_name") EXECUTE FUNCTION "ads_set_poster_name"();--> statement-breakpoint
-- A renamed parent renames its copies (the children's triggers above read the new name again).
CREATE FUNCTION "os_countries_rename_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "os_cities" SET "country_name" = NEW."name" WHERE "os_country_id" = NEW."id";
  UPDATE "credit_prices" SET "country_name" = NEW."name" WHERE "os_country_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "os_countries_name_copies" AFTER UPDATE OF "name" ON "os_countries" FOR EACH ROW WHEN (NEW."name" IS DISTINCT FROM OLD."name") EXECUTE FUNCTION "os_countries_rename_copies"();--> statement-breakpoint
CREATE FUNCTION "currencies_rename_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "credit_prices" SET "currency_name" = NEW."name" WHERE "currency_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "currencies_name_copies" AFTER UPDATE OF "name" ON "currencies" FOR EACH ROW WHEN (NEW."name" IS DISTINCT FROM OLD."name") EXECUTE FUNCTION "currencies_rename_copies"();--> statement-breakpoint
CREATE FUNCTION "users_rename_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  full_name text := NEW."name" || ' ' || coalesce(NEW."last_name", '');
BEGIN
  UPDATE "ads" SET "poster_name" = full_name WHERE "posted_by_user_id" = NEW."id";
  UPDATE "transactions" SET "user_name" = full_name WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_full_name_copies" AFTER UPDATE OF "name", "last_name" ON "users" FOR EACH ROW WHEN (NEW."name" IS DISTINCT FROM OLD."name" OR NEW."last_name" IS DISTINCT FROM OLD."last_name") EXECUTE FUNCTION "users_rename_copies"();--> statement-breakpoint
-- Built after the copies were filled.
CREATE INDEX "ads_created_at_idx" ON "ads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ads_title_icu_idx" ON "ads" USING btree ("title" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "ads_is_offer_idx" ON "ads" USING btree ("is_offer","id");--> statement-breakpoint
CREATE INDEX "ads_poster_name_icu_idx" ON "ads" USING btree ("poster_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "ads_status_idx" ON "ads" USING btree ("ad_status_id","id");--> statement-breakpoint
CREATE INDEX "ads_is_active_idx" ON "ads" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "leads_response_time_idx" ON "leads" USING btree ("response_time","id");--> statement-breakpoint
CREATE INDEX "leads_credit_idx" ON "leads" USING btree ("credit","id");--> statement-breakpoint
CREATE INDEX "leads_is_accepted_idx" ON "leads" USING btree ("is_accepted","id");--> statement-breakpoint
CREATE INDEX "credit_price_history_updated_at_idx" ON "credit_price_history" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "credit_price_history_by_price_idx" ON "credit_price_history" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "credit_prices_price_per_credit_idx" ON "credit_prices" USING btree ("price_per_credit","id");--> statement-breakpoint
CREATE INDEX "credit_prices_country_name_icu_idx" ON "credit_prices" USING btree ("country_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "credit_prices_currency_name_icu_idx" ON "credit_prices" USING btree ("currency_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "credit_prices_is_active_idx" ON "credit_prices" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_updated_at_idx" ON "lead_transactions" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_credit_before_adding_idx" ON "lead_transactions" USING btree ("credit_before_adding","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_add_credit_amount_idx" ON "lead_transactions" USING btree ("add_credit_amount","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_credit_after_adding_idx" ON "lead_transactions" USING btree ("credit_after_adding","id");--> statement-breakpoint
CREATE INDEX "lead_transactions_total_price_idx" ON "lead_transactions" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX "transactions_description_icu_idx" ON "transactions" USING btree ("description" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "transactions_credit_amount_idx" ON "transactions" USING btree ("credit_amount","id");--> statement-breakpoint
CREATE INDEX "transactions_credit_state_idx" ON "transactions" USING btree ("credit_state","id");--> statement-breakpoint
CREATE INDEX "transactions_user_name_icu_idx" ON "transactions" USING btree ("user_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "notifications_subject_icu_idx" ON "notifications" USING btree ("subject" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_cities_name_icu_idx" ON "os_cities" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_cities_post_code_icu_idx" ON "os_cities" USING btree ("post_code" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_cities_country_name_icu_idx" ON "os_cities" USING btree ("country_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_cities_is_active_idx" ON "os_cities" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "os_countries_name_icu_idx" ON "os_countries" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_countries_code_icu_idx" ON "os_countries" USING btree ("code" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "os_countries_is_active_idx" ON "os_countries" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "currencies_name_icu_idx" ON "currencies" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "currencies_short_name_icu_idx" ON "currencies" USING btree ("short_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "currencies_is_active_idx" ON "currencies" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "days_name_icu_idx" ON "days" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "days_is_active_idx" ON "days" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "service_credit_history_updated_at_idx" ON "service_credit_history" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_credit_history_credit_idx" ON "service_credit_history" USING btree ("credit","id");--> statement-breakpoint
CREATE INDEX "services_name_icu_idx" ON "services" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "roles_name_icu_idx" ON "roles" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "roles_updated_at_idx" ON "roles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "user_types_name_icu_idx" ON "user_types" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "user_types_is_active_idx" ON "user_types" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "users_name_icu_idx" ON "users" USING btree ("name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_full_name_icu_idx" ON "users" USING btree (("name" || ' ' || coalesce("last_name", '')) collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_last_name_icu_idx" ON "users" USING btree ("last_name" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_username_icu_idx" ON "users" USING btree ("username" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_email_icu_idx" ON "users" USING btree ("email" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_phone_icu_idx" ON "users" USING btree ("phone" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "users_is_active_idx" ON "users" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "ads_price_from_idx" ON "ads" USING btree ("price_from","id");--> statement-breakpoint
CREATE INDEX "ads_price_to_idx" ON "ads" USING btree ("price_to","id");--> statement-breakpoint
CREATE INDEX "leads_contact_time_idx" ON "leads" USING btree ("contact_time","id");--> statement-breakpoint
CREATE INDEX "user_types_updated_at_idx" ON "user_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_credit_idx" ON "users" USING btree ("credit","id");