import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { MovementActor } from './movement-context.repo.ts';
import * as repo from './movements.repo.ts';

// Calls of the movements API that move the same products at once. A call's statement locks the stock rows (and the
// product rows) it moves until it commits, so a call that needs one of them waits there for the other call to end,
// holding the rows it locked before it: four tills selling from one catalogue share a few products in every pair of
// calls of 1,000, and their calls would run one after another (docs/benchmarks.md, stock movements). So a call that
// shares products with calls in flight in this process moves its own products first, while those calls run, then
// waits for them, then moves the few it shares with them, all in one transaction.

/** A call in flight: the products it moves, and its end (committed or undone). */
type Call = { products: ReadonlySet<number>; done: Promise<void> };

/** How long a call waits for the calls it shares products with before it runs as one statement instead. */
export const WAIT_FOR_CALLS_MS = 2000;

/** The calls waited for did not end in time (a wait PostgreSQL cannot see: see CallsInFlight.apply). */
class WaitedTooLong extends Error {}

/** Resolves when `done` does; rejects with WaitedTooLong after `ms`. */
async function within(done: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      done,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new WaitedTooLong()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each place the movements moved, once, with its quantity after them. */
function placesMoved(movements: (repo.RecordedMovement & repo.PlaceNow)[]) {
  const places = new Map<string, { productId: number; locationId: number | null; quantity: number }>();
  for (const m of movements) {
    places.set(`${m.product_id}:${m.location_id}`, {
      productId: m.product_id,
      locationId: m.location_id,
      quantity: m.place_quantity,
    });
  }
  return [...places.values()];
}

/**
 * The movements API's writer for one database (app.movementCalls): the calls in flight in this process, per company,
 * from when they start writing until they end, with the products each moves.
 */
export class CallsInFlight {
  private readonly companies = new Map<number, Set<Call>>();
  /** Calls holding a transaction open while they wait for others, and how many may (half the pool's connections). */
  private waiting = 0;
  private readonly maxWaiting: number;

  /**
   * On PostgreSQL a call may hold a connection while it waits, as long as fewer than half the pool's connections are
   * so held (the calls waited for, and everything else, get theirs). PGlite is one connection: a transaction open
   * there would stop the calls it waits for, so there a call is always one statement.
   */
  constructor(
    readonly db: Db,
    private readonly waitMs = WAIT_FOR_CALLS_MS,
  ) {
    const client = (db as { $client?: unknown }).$client;
    this.maxWaiting = client instanceof pg.Pool ? Math.floor((client.options.max ?? 10) / 2) : 0;
  }

  private callsOf(companyId: number): Set<Call> {
    let calls = this.companies.get(companyId);
    if (!calls) {
      calls = new Set();
      this.companies.set(companyId, calls);
    }
    return calls;
  }

  /** Starts a call moving these products: the calls before it that move some of them, which ones, and its end. */
  private start(companyId: number, products: ReadonlySet<number>) {
    const calls = this.callsOf(companyId);
    const shared = new Set<number>();
    const others: Call[] = [];
    for (const other of calls) {
      const before = shared.size;
      const [small, large] =
        other.products.size < products.size ? [other.products, products] : [products, other.products];
      for (const id of small) if (large.has(id)) shared.add(id);
      if (shared.size > before) others.push(other);
    }
    let end = () => {};
    const call: Call = { products, done: new Promise<void>((resolve) => (end = resolve)) };
    calls.add(call);
    const finish = () => {
      calls.delete(call);
      if (calls.size === 0) this.companies.delete(companyId);
      end();
    };
    return { shared, others, finish };
  }

  /**
   * Marks products as moved by a call in flight until the answer is called: what a call running at once looks like
   * to the next one (tests use it to make a call share products, and to let the one held end when they choose).
   */
  hold(companyId: number, productIds: number[]): () => void {
    return this.start(companyId, new Set(productIds)).finish;
  }

  /**
   * Applies a call's movements, all or none (movements.repo.ts applyMovements), answering them in the order given.
   *
   * A call sharing no product with a call in flight in this process is one statement, its own transaction. A call
   * sharing some is one transaction: first its own products, in a statement that leaves their products' rows (and
   * the company's counters) alone; then, once the calls it shares with have ended, its products' totals and the
   * shared products. So its first statement, most of its work, runs beside theirs instead of after them.
   *
   * No deadlock between calls of this process: a call's first statement moves no product of a call before it and
   * touches no row of the company's, so none of them waits on it; it then waits only for calls before it, which
   * never wait for it; and after that nothing of this process holds its products. A deadlock through another writer
   * (a count applied, a call of another instance) is one PostgreSQL cannot see, as a call's wait for calls is in node:
   * the call before it waits on that writer, which waits on a row of this call's first statement. So a call waits at
   * most `waitMs` (2 s); past it, it undoes its first statement, freeing its rows, and runs as one statement, whose
   * waits PostgreSQL sees (a deadlock among them it ends after a second, and the service runs the call again).
   */
  async apply(
    companyId: number,
    actor: MovementActor,
    writes: repo.MovementWrite[],
  ): Promise<(repo.RecordedMovement & repo.PlaceNow)[]> {
    const { shared, others, finish } = this.start(companyId, new Set(writes.map((w) => w.productId)));
    try {
      if (shared.size > 0 && this.waiting < this.maxWaiting) {
        this.waiting += 1;
        try {
          return await this.inTurn(companyId, actor, writes, shared, others);
        } catch (e) {
          if (!(e instanceof WaitedTooLong)) throw e;
        } finally {
          this.waiting -= 1;
        }
      }
      return await repo.applyMovements(this.db, companyId, actor, writes);
    } finally {
      finish();
    }
  }

  /**
   * Its own products, then (once the calls before it have ended) its totals and the shared ones, one transaction. A
   * call of shared products only (the same call sent twice at once, say) has nothing to do first: it waits without
   * a transaction open, then is one statement.
   */
  private async inTurn(
    companyId: number,
    actor: MovementActor,
    writes: repo.MovementWrite[],
    shared: ReadonlySet<number>,
    others: Call[],
  ) {
    const ended = Promise.all(others.map((o) => o.done));
    const own = writes.filter((w) => !shared.has(w.productId));
    if (own.length === 0) {
      await within(ended, this.waitMs);
      return repo.applyMovements(this.db, companyId, actor, writes);
    }
    return this.db.transaction(async (tx) => {
      const first = await repo.applyMovements(tx, companyId, actor, own, { totalsLater: true });
      await within(ended, this.waitMs);
      await repo.restateTotals(tx, companyId, placesMoved(first));
      const then = await repo.applyMovements(
        tx,
        companyId,
        actor,
        writes.filter((w) => shared.has(w.productId)),
      );
      // Back in the order given: each list is in its movements' order.
      let i = 0;
      let j = 0;
      return writes.map((w) => (shared.has(w.productId) ? then[j++] : first[i++]) as (typeof first)[number]);
    });
  }
}
