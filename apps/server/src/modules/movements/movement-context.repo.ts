import type { TMovementReason } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';
import { stockUpsert } from './stock-writes.repo.ts';

/** Who made a change: a person, an API key, a reader, or the system (a job, a migration, SQL by hand). */
export type MovementActor = {
  type: 'user' | 'api_key' | 'device' | 'system';
  id: number | null;
  name: string | null;
};

export const SYSTEM_ACTOR: MovementActor = { type: 'system', id: null, name: null };

/** Why the writes that follow in this transaction change stock ('transfer': out of one place, into another). */
export type MovementContext = {
  reason: Exclude<TMovementReason, 'transfer_in' | 'transfer_out'> | 'transfer';
  actor: MovementActor;
  auditId?: number;
  shipmentId?: number;
  reference?: string;
};

/**
 * Says, for the rest of the caller's transaction, why its stock writes happen: the stock table's triggers
 * (migration 0037_stock_movements) write every change of a row as a movement with this reason, actor, audit or
 * shipment and reference. Must run inside a transaction (set_config's `is_local`): outside one it would last a
 * single statement. A later call replaces it.
 */
export async function setMovementContext(tx: Db, ctx: MovementContext) {
  const value = {
    reason: ctx.reason,
    actor_type: ctx.actor.type,
    actor_id: ctx.actor.id,
    actor_name: ctx.actor.name,
    audit_id: ctx.auditId ?? null,
    shipment_id: ctx.shipmentId ?? null,
    reference: ctx.reference ?? null,
  };
  await tx.execute(sql`select set_config('quantics.movement', ${JSON.stringify(value)}, true)`);
}

/** A signed-in person as a movement's actor (their name, else their email, kept with the movement). */
export const personActor = (auth: { userId: number; name: string | null; email: string }): MovementActor => ({
  type: 'user',
  id: auth.userId,
  name: auth.name || auth.email,
});

/**
 * Changes the stock of products at one place by each delta, with why (the movement context set first, so the stock
 * triggers record each change as its movement: a receipt or a transfer naming its shipment, say), through the one
 * write of stock (stock-writes.repo.ts), which locks rows product then place as every writer does. For writers with
 * no movement rows of their own to record (the movements API writes its own, `applyMovements`).
 */
export async function changeStockAt(
  tx: Db,
  ctx: MovementContext,
  companyId: number,
  locationId: number,
  deltas: { productId: number; delta: number }[],
) {
  await setMovementContext(tx, ctx);
  if (deltas.length === 0) return;
  const rows = unnestRows(
    deltas.map((d) => ({ product_id: d.productId, delta: d.delta })),
    { product_id: 'int', delta: 'int' },
  );
  const moved = sql`select product_id, ${locationId}::int as location_id, delta as quantity from ${rows}`;
  await tx.execute(stockUpsert(companyId, moved, { how: 'add' }));
}
