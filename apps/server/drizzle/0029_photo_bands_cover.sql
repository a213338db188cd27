-- The photo band indexes carry the hash and the ad: the reused-photo hint reads its candidates from
-- them alone (index-only scans), not from the table (bench/README, the hints at a million ads).
DROP INDEX "ad_photos_phash_band0_idx";--> statement-breakpoint
DROP INDEX "ad_photos_phash_band1_idx";--> statement-breakpoint
DROP INDEX "ad_photos_phash_band2_idx";--> statement-breakpoint
DROP INDEX "ad_photos_phash_band3_idx";--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band0_idx" ON "ad_photos" USING btree ((("phash" >> 0) & 65535),"phash","ad_id");--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band1_idx" ON "ad_photos" USING btree ((("phash" >> 16) & 65535),"phash","ad_id");--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band2_idx" ON "ad_photos" USING btree ((("phash" >> 32) & 65535),"phash","ad_id");--> statement-breakpoint
CREATE INDEX "ad_photos_phash_band3_idx" ON "ad_photos" USING btree ((("phash" >> 48) & 65535),"phash","ad_id");