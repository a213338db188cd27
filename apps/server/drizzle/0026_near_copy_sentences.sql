-- Issue 19 item 5: near-copies of a description are found by the sentences they share. Each ad's
-- sentences (folded to their letters, at least 20 characters) are kept as 64-bit keys in
-- ad_sentences by triggers on ads, filled here for the ads there are; the hints read the newest few
-- ads sharing each sentence on ad_sentences_key_idx.
CREATE TABLE "ad_sentences" (
	"ad_id" integer NOT NULL,
	"sentence_key" bigint NOT NULL,
	CONSTRAINT "ad_sentences_ad_id_sentence_key_pk" PRIMARY KEY("ad_id","sentence_key")
);
--> statement-breakpoint
-- The keys of a text's sentences, the longest first: split at . ! ? ; and line ends, folded as
-- columns.ts foldedText and textFingerprint fold (no diacritics, lower case, letters alone), those
-- of at least 20 characters (shorter ones are too common to tell anything), 64 bits of their md5.
CREATE FUNCTION "description_sentence_keys"(body text) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(('x' || left(md5(sentence), 16))::bit(64)::bigint ORDER BY length(sentence) DESC, sentence), '{}')
  FROM (
    SELECT DISTINCT btrim(regexp_replace(lower(translate(part, 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')), '[^a-z]+', ' ', 'g')) AS sentence
    FROM regexp_split_to_table(body, '[.!?;\n]+') AS part
  ) sentences
  WHERE length(sentence) >= 20
$$;--> statement-breakpoint
-- Inserted ads, once per statement (a bulk insert or an import writes them in one go).
CREATE FUNCTION "ads_sentences_of_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ad_sentences" ("ad_id", "sentence_key")
    SELECT DISTINCT i."id", k FROM "inserted" i, unnest(description_sentence_keys(i."description")) AS k;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ads_sentences_of_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ad_sentences" WHERE "ad_id" = NEW."id";
  INSERT INTO "ad_sentences" ("ad_id", "sentence_key")
    SELECT DISTINCT NEW."id", k FROM unnest(description_sentence_keys(NEW."description")) AS k;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ads_sentences_on_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "ads_sentences_of_inserted"();--> statement-breakpoint
CREATE TRIGGER "ads_sentences_on_update" AFTER UPDATE OF "description" ON "ads" FOR EACH ROW WHEN (NEW."description" IS DISTINCT FROM OLD."description") EXECUTE FUNCTION "ads_sentences_of_updated"();--> statement-breakpoint
-- The ads there are; the foreign key and the index after the rows, faster than row by row.
INSERT INTO "ad_sentences" ("ad_id", "sentence_key")
  SELECT DISTINCT a."id", k FROM "ads" a, unnest(description_sentence_keys(a."description")) AS k;--> statement-breakpoint
ALTER TABLE "ad_sentences" ADD CONSTRAINT "ad_sentences_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_sentences_key_idx" ON "ad_sentences" USING btree ("sentence_key","ad_id");--> statement-breakpoint
ANALYZE "ad_sentences";