CREATE TABLE "api_keys" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"reference" text,
	"audit_id" integer,
	"shipment_id" integer,
	"client_id" text,
	CONSTRAINT "stock_movements_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('sale', 'return', 'receipt', 'transfer_in', 'transfer_out', 'adjustment', 'count', 'edit', 'import'))
);
--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "expected_at_start" integer;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "moved_during" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_unique" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("company_id","product_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_recorded_idx" ON "stock_movements" USING btree ("company_id","recorded_at");--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_client_unique" ON "stock_movements" USING btree ("company_id","client_id") WHERE "stock_movements"."client_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written from here. Every change of a stock row is a movement, written by the statement that makes it. The
-- writer says why in its transaction's movement context (set_config('quantics.movement', <json>, true):
-- movements.repo.ts's setMovementContext): reason, who, the audit or shipment, a reference, and `at`. A write
-- without one (SQL by hand, a seed, the build before through the products bridge of 0035) is an 'edit' by the
-- system. The movements API writes its own rows, one per movement sent, and says so ({"written": true}) so none is
-- added here. Reason 'transfer' is written as transfer_out where units left and transfer_in where they arrived.
CREATE OR REPLACE FUNCTION stock_movements_write(company_ids int[], product_ids int[], location_ids int[],
  deltas int[], afters int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE ctx jsonb := coalesce(nullif(current_setting('quantics.movement', true), ''), '{}')::jsonb;
BEGIN
  IF coalesce((ctx->>'written')::boolean, false) THEN RETURN; END IF;
  INSERT INTO stock_movements (company_id, product_id, location_id, delta, quantity_after, reason, at,
    actor_type, actor_id, actor_name, reference, audit_id, shipment_id)
  SELECT c.company_id, c.product_id, c.location_id, c.delta, c.quantity_after,
    CASE WHEN coalesce(ctx->>'reason', 'edit') <> 'transfer' THEN coalesce(ctx->>'reason', 'edit')
      WHEN c.delta < 0 THEN 'transfer_out' ELSE 'transfer_in' END,
    coalesce((ctx->>'at')::timestamptz, now()),
    coalesce(ctx->>'actor_type', 'system'), (ctx->>'actor_id')::int, ctx->>'actor_name', ctx->>'reference',
    (ctx->>'audit_id')::int, (ctx->>'shipment_id')::int
  FROM unnest(company_ids, product_ids, location_ids, deltas, afters)
    AS c(company_id, product_id, location_id, delta, quantity_after)
  WHERE c.delta <> 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_movements_write(array_agg(company_id), array_agg(product_id), array_agg(location_id),
    array_agg(quantity), array_agg(quantity)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Matched by key: a row whose place changed (its location set to null) leaves one place and arrives at another.
CREATE OR REPLACE FUNCTION stock_movements_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_movements_write(array_agg(coalesce(n.company_id, o.company_id)),
    array_agg(coalesce(n.product_id, o.product_id)),
    array_agg(CASE WHEN n.product_id IS NULL THEN o.location_id ELSE n.location_id END),
    array_agg(coalesce(n.quantity, 0) - coalesce(o.quantity, 0)), array_agg(coalesce(n.quantity, 0)))
  FROM new_rows n FULL JOIN old_rows o
    ON o.company_id = n.company_id AND o.product_id = n.product_id AND o.place = n.place
  WHERE coalesce(n.quantity, 0) <> coalesce(o.quantity, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row deleted with its product (the products cascade) is not a movement: the product is gone, its history stays.
CREATE OR REPLACE FUNCTION stock_movements_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_movements_write(array_agg(o.company_id), array_agg(o.product_id), array_agg(o.location_id),
    array_agg(-o.quantity), array_agg(0))
  FROM old_rows o
  WHERE o.quantity <> 0 AND EXISTS (SELECT 1 FROM products p WHERE p.company_id = o.company_id AND p.id = o.product_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_after_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_after_insert();
--> statement-breakpoint
CREATE TRIGGER stock_movements_after_update AFTER UPDATE ON stock
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_after_update();
--> statement-breakpoint
CREATE TRIGGER stock_movements_after_delete AFTER DELETE ON stock
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_after_delete();
