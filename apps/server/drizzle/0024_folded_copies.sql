-- Issue 18: the searched texts of the two large tables (an ad's title; a user's full name, username,
-- e-mail and phone) get stored folded copies (columns.ts foldedCopy) with the trigram indexes on them,
-- so that a search walking many rows compares a stored text instead of folding each one.
-- The new columns' statistics are read at once: the searches' plans depend on them.
DROP INDEX "ads_title_trgm";--> statement-breakpoint
DROP INDEX "users_email_trgm";--> statement-breakpoint
DROP INDEX "users_username_trgm";--> statement-breakpoint
DROP INDEX "users_phone_trgm";--> statement-breakpoint
DROP INDEX "users_full_name_trgm";--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (lower(translate("title", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name_folded" text GENERATED ALWAYS AS (lower(translate("name" || ' ' || coalesce("last_name", ''), 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_folded" text GENERATED ALWAYS AS (lower(translate("username", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_folded" text GENERATED ALWAYS AS (lower(translate("email", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_folded" text GENERATED ALWAYS AS (lower(translate("phone", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae'))) STORED;--> statement-breakpoint
CREATE INDEX "ads_title_trgm" ON "ads" USING gin ("title_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin ("phone_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin ("full_name_folded" gin_trgm_ops);--> statement-breakpoint
ANALYZE "ads";--> statement-breakpoint
ANALYZE "users";
