-- Issue 19 item 3: an ad's "edited" mark (edited_at) now means "changed by its poster since the last
-- approval" and an approval clears it; marks set before that rule, on ads approved again since, go.
UPDATE "ads" SET "edited_at" = NULL
 WHERE "edited_at" IS NOT NULL
   AND "edited_at" < (SELECT max(h."created_at") FROM "ad_status_history" h
                       WHERE h."ad_id" = "ads"."id" AND h."to_status_id" = 2);
