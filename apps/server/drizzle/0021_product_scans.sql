-- A product's last scan moves to its own narrow table (issue 26: a 100,000-tag completion spent 0.9 s of 2 s
-- stamping products.last_scanned: rewriting wide rows and running the products' statement triggers over every old
-- and new row). Hand-written around drizzle-kit's output: the free room, the copy, and the bridge for servers of the
-- previous release during a rolling upgrade.
CREATE TABLE "product_scans" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"last_scanned" timestamp with time zone NOT NULL,
	CONSTRAINT "product_scans_pkey" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
-- Every completion rewrites the rows of the products it read: room on each page for their new versions keeps those
-- rewrites in place (HOT: no new index entries). The rows are 40 bytes, so the room costs little.
ALTER TABLE "product_scans" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "product_scans" ADD CONSTRAINT "product_scans_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Servers of the previous release still stamp products.last_scanned until they are replaced: a row trigger on that
-- column alone copies their stamps here (creating it waits for their running updates, and theirs wait for this
-- migration, so nothing falls between the trigger and the copy below). This release never writes the column, so
-- the trigger never fires for it; a later migration drops both once no older server runs.
CREATE FUNCTION "product_scans_from_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_scans" ("company_id", "product_id", "last_scanned")
  VALUES (NEW."company_id", NEW."id", NEW."last_scanned")
  ON CONFLICT ("company_id", "product_id")
    DO UPDATE SET "last_scanned" = greatest("product_scans"."last_scanned", EXCLUDED."last_scanned");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_last_scanned_copy" AFTER UPDATE OF "last_scanned" ON "products"
  FOR EACH ROW WHEN (NEW."last_scanned" IS NOT NULL AND NEW."last_scanned" IS DISTINCT FROM OLD."last_scanned")
  EXECUTE FUNCTION "product_scans_from_products"();--> statement-breakpoint
INSERT INTO "product_scans" ("company_id", "product_id", "last_scanned")
SELECT "company_id", "id", "last_scanned" FROM "products" WHERE "last_scanned" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- products kept half of each page free for those stamps (0006_products_room_for_scans); nothing rewrites all its
-- rows any more, so new pages are filled again (existing ones keep their room until rewritten).
ALTER TABLE "products" RESET (fillfactor);
