-- Issue 21: the sign-in and account limits are counted here (or in Redis), shared by every node instead of each process counting its own.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_key_prefix_idx" ON "rate_limit_counters" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" USING btree ("reset_at");