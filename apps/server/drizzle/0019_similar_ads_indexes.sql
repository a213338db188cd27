-- Issue 19, the duplicate hints at a million ads: similar titles by trigram distance on a GiST index (nearest first,
-- stops after ten) and copies of a description by its fingerprint; the description's GIN index, which passed hundreds of
-- thousands of candidates for templated texts, goes.
DROP INDEX "ads_description_trgm";--> statement-breakpoint
CREATE INDEX "ads_title_trgm_gist" ON "ads" USING gist ("title" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_description_fingerprint_idx" ON "ads" USING btree (md5(regexp_replace(lower(translate("description", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')), '[^a-z]+', ' ', 'g')));