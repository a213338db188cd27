-- The member's inbox (issue 20): each recipient row is an inbox item with an id of its own (a
-- notification reaches many members), paged newest first per member and counted when unread, on
-- indexes of (user_id, id); read_at, already there, says it was read. Existing items are numbered
-- in the order they arrived, so that newest first holds for them too.
DROP INDEX "notification_recipients_user_idx";--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
UPDATE "notification_recipients" AS r SET "id" = o.n
  FROM (SELECT "notification_id", "user_id",
               row_number() OVER (ORDER BY "created_at", "notification_id", "user_id") AS n
          FROM "notification_recipients") AS o
 WHERE r."notification_id" = o."notification_id" AND r."user_id" = o."user_id";--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_id_unique" ON "notification_recipients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "notification_recipients_unread_idx" ON "notification_recipients" USING btree ("user_id","id") WHERE "notification_recipients"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notification_recipients_user_idx" ON "notification_recipients" USING btree ("user_id","id");