-- Issue 18 items 2 and 6: every list's 'contains' filter and the shell's global search compare folded text
-- (diacritics and case ignored: columns.ts foldedText), so their GIN trigram indexes are rebuilt on it.
DROP INDEX "ads_title_trgm";--> statement-breakpoint
DROP INDEX "transactions_description_trgm";--> statement-breakpoint
DROP INDEX "notifications_subject_trgm";--> statement-breakpoint
DROP INDEX "os_cities_name_trgm";--> statement-breakpoint
DROP INDEX "os_countries_name_trgm";--> statement-breakpoint
DROP INDEX "services_name_trgm";--> statement-breakpoint
DROP INDEX "users_name_trgm";--> statement-breakpoint
DROP INDEX "users_last_name_trgm";--> statement-breakpoint
DROP INDEX "users_email_trgm";--> statement-breakpoint
DROP INDEX "users_username_trgm";--> statement-breakpoint
DROP INDEX "users_phone_trgm";--> statement-breakpoint
DROP INDEX "users_details_trgm";--> statement-breakpoint
DROP INDEX "users_full_name_trgm";--> statement-breakpoint
CREATE INDEX "notifications_text_trgm" ON "notifications" USING gin (lower(translate("notification_text", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "os_cities_post_code_trgm" ON "os_cities" USING gin (lower(translate("post_code", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_title_trgm" ON "ads" USING gin (lower(translate("title", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_description_trgm" ON "transactions" USING gin (lower(translate("description", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_subject_trgm" ON "notifications" USING gin (lower(translate("subject", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "os_cities_name_trgm" ON "os_cities" USING gin (lower(translate("name", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "os_countries_name_trgm" ON "os_countries" USING gin (lower(translate("name", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_name_trgm" ON "services" USING gin (lower(translate("name", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (lower(translate("name", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm" ON "users" USING gin (lower(translate("last_name", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower(translate("email", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin (lower(translate("username", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin (lower(translate("phone", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_details_trgm" ON "users" USING gin (lower(translate("details", 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (lower(translate(("name" || ' ' || coalesce("last_name", '')), 'ČĆŠŽĐčćšžđÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŚŹŻŁŃĄĘàáâãäåçèéêëìíîïñòóôõöøùúûüýÿśźżłńąę', 'CCSZDccszdAAAAAACEEEEIIIINOOOOOOUUUUYSZZLNAEaaaaaaceeeeiiiinoooooouuuuyyszzlnae')) gin_trgm_ops);