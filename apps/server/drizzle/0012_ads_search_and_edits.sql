-- The member API's ads (issue 20): edited_at marks an ad whose poster changed it after review (it
-- goes back to awaiting approval and the moderation desk shows it as edited); search_text is title
-- and description without diacritics, in lower case, kept by the database for the member's search
-- ('kosenje' finds 'Košenje trave') on a trigram index; the search's pages, newest first or by
-- price, read partial indexes of the approved, active ads alone.
ALTER TABLE "ads" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("title" || ' ' || coalesce("description", ''), 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
CREATE INDEX "ads_search_text_trgm" ON "ads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_search_created_idx" ON "ads" USING btree ("created_at","id") WHERE "ads"."ad_status_id" = 2 AND "ads"."is_active";--> statement-breakpoint
CREATE INDEX "ads_search_price_idx" ON "ads" USING btree ("price_from","id") WHERE "ads"."ad_status_id" = 2 AND "ads"."is_active";