-- Hand-completed. stock_movements loses its foreign key to companies: the check looked the company up for every row a
-- statement wrote (a call of the movements API writes 1,000 rows of one company), 3-4 ms of about 60 in its statement
-- (docs/benchmarks.md, stock movements). The rows are written by the stock triggers and the movements API, always for
-- the company of the transaction's caller. What the foreign key also did, taking a deleted company's movements with
-- it, a statement trigger on companies does.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_company_id_companies_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_delete_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_movements m USING old_rows o WHERE m.company_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_delete_movements AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION companies_delete_movements();
