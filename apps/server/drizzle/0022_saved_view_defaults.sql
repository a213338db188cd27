-- A list's default view is the member's choice of their own or a shared view: saved_view_defaults
-- (one per member and list) replaces the owner-only saved_views.is_default.
CREATE TABLE "saved_view_defaults" (
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"saved_view_id" integer NOT NULL,
	CONSTRAINT "saved_view_defaults_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_saved_view_id_saved_views_id_fk" FOREIGN KEY ("saved_view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_view_defaults_view_idx" ON "saved_view_defaults" USING btree ("saved_view_id");--> statement-breakpoint
-- Each member's default so far (their own views only) becomes their choice.
INSERT INTO "saved_view_defaults" ("user_id", "list", "saved_view_id")
  SELECT "user_id", "list", "id" FROM "saved_views" WHERE "is_default";--> statement-breakpoint
DROP INDEX "saved_views_owner_default_idx";--> statement-breakpoint
ALTER TABLE "saved_views" DROP COLUMN "is_default";