-- A title search ('contains') is estimated from the column's histogram; with the default 100
-- entries a fragment matching 1 % of the ads is usually seen in none, the planner guesses 0.01 %
-- and sorts every match instead of walking ads_updated_at_idx. 1000 entries estimate it closely.
ALTER TABLE "ads" ALTER COLUMN "title" SET STATISTICS 1000;
