-- The duplicate hints find the newest ads with the very same title (folded, digits and punctuation
-- dropped: its fingerprint) on an index, and titles alike by trigrams on the folded title's GIN
-- index (ads_title_trgm); the raw title's GiST index, walked for the nearest titles, is dropped: at
-- a million ads the walk read 11 000–17 000 pages for any title without twins. The fingerprint now
-- trims the space a dropped digit or stop at either end left ('... 24/7'), so the description's
-- index is built again with it.
DROP INDEX IF EXISTS "ads_title_trgm_gist";--> statement-breakpoint
DROP INDEX IF EXISTS "ads_description_fingerprint_idx";--> statement-breakpoint
CREATE INDEX "ads_title_fingerprint_idx" ON "ads" USING btree (md5(btrim(regexp_replace(lower(translate("title", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')), '[^a-z]+', ' ', 'g'))),"id");--> statement-breakpoint
CREATE INDEX "ads_description_fingerprint_idx" ON "ads" USING btree (md5(btrim(regexp_replace(lower(translate("description", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')), '[^a-z]+', ' ', 'g'))));