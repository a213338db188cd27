-- Trigram indexes serve the lists' "contains" filters (ILIKE on the column itself).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
