-- Hand-written: every name search scans the trigram index's pending list (rows inserted since the last vacuum, up to
-- 4 MB by default); a 256 kB limit keeps that scan short while inserts are still batched into the index.
ALTER INDEX "products_name_trgm_idx" SET (gin_pending_list_limit = 256);
