-- Name-fragment search within one company: btree_gin lets company_id share the trigram index, so a search no
-- longer reads (and rechecks on the heap) other companies' matching rows. Same short pending list as 0010.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_company_name_trgm_idx" ON "products" USING gin ("company_id","name" gin_trgm_ops) WITH (gin_pending_list_limit = 256);
