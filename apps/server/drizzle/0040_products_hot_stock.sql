DROP INDEX "products_company_low_quantity_idx";--> statement-breakpoint
CREATE INDEX "products_company_low_name_idx" ON "products" USING btree ("company_id","name","id") WHERE status <> 'in-stock';--> statement-breakpoint
-- Hand-written from here. Every movement rewrites its product's row (stock_retotal: the total the status, the
-- counters, the filters and every report read, and the places the list shows). With `quantity` in no index, that
-- rewrite stays on the row's page when there is room (a HOT update: no new entries in products' ten indexes, the
-- trigram GIN among them; two thirds of a call of 1,000 movements before, docs/benchmarks.md, stock movements). Room
-- on each page for the new versions: new pages get it at once, existing ones as their rows move out on a first
-- update (or VACUUM FULL / a restore). The stock rows the movements change are small and get the same room.
ALTER TABLE "products" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "stock" SET (fillfactor = 80);
