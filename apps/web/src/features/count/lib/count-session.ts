import {
  COUNT_BATCH_MS,
  COUNT_BATCH_READS,
  identifyCode,
  type TAudit,
  type TCountSheet,
  type TCountSheetItem,
  type TStartAuditRequest,
  type TWedgeRead,
  ZCountSheet,
  ZCountSheetLookupResponse,
} from '@quantics/contracts';
import { isRetryable, readerCall } from '../api/reader-client';
import { BatchOutbox } from './batch-outbox';
import { completeAudit, createAudit, finishOwnPart, joinCount } from './count-sender';
import {
  deleteCount,
  loadCount,
  type StoredBatch,
  type StoredCodeRead,
  type StoredCount,
  type StoredReceipt,
  type StoredTagRead,
  saveCount,
} from './count-store';
import { CountTally, isPlainCode, type LookupKey, type ResolvedCode, scanKey, tagKey } from './count-tally';
import { type CountView, type Prompt, promptOf, rowsView, toFindView } from './count-view';
import {
  cartonRead,
  codeRead,
  ignoredRead,
  isSameRow,
  type LastRead,
  type NewRead,
  tagRead,
} from './last-reads';
import { SheetLookup } from './sheet-lookup';

export type {
  CountView,
  LastRead,
  LastReadView,
  Prompt,
  ReadKind,
  ReceiptRead,
  ToFindRow,
} from './count-view';

const LAST_SHOWN = 8;
const BLIND_COUNT = 'Blind count';
/** The sheet of a count started offline until the server's comes: nothing expected yet. */
const PENDING_SHEET: TCountSheet = { audit_id: 0, tags_expected: 0, items: [] };

/** A v4 UUID; crypto.randomUUID needs a secure context, and a handheld may reach the portal over plain HTTP. */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type StartInput = {
  key: string;
  token: string;
  deviceId: number;
  locationId: number | null;
  room: string | null;
  name: string | null;
  scopeLabel: string;
  isBlind: boolean;
  /** The count plan it is for ("Due now"), recorded on the audit. */
  planId?: number | null;
  /** A receipt (issue 51): the shipment it receives (the start names it; the portal counts at its destination). */
  receipt?: StoredReceipt;
};

/**
 * One count in progress: takes the reads the capture field parsed (EPCs and barcode scans), keeps the live figures
 * by the sheet (CountTally: the rules reconciliation applies) and the live list, and sends the reads through the
 * reader protocol in numbered batches (BatchOutbox), every half second or every 500 reads; finishing sends what is
 * left and completes the audit. What is needed to carry on after a reload is kept in IndexedDB with each batch.
 */
export class CountSession {
  private tally: CountTally;
  private readonly outbox: BatchOutbox;
  /** The names of what is read, asked of the sheet's lookup in batches (never the whole catalogue). */
  private readonly lookup: SheetLookup;
  /** The EPCs of the items kept in `stored.sheet.items`, so an item named twice is kept once. */
  private readonly keptItems: Set<string>;
  private last: LastRead[] = [];
  private nextId = 0;
  /** The batch being filled: tag reads add up per EPC; each scan is a read of its own, in the order scanned. */
  private tagBuffer = new Map<string, StoredTagRead>();
  private codeBuffer: StoredCodeRead[] = [];
  private bufferedReads = 0;
  private prompts: { prompt: Prompt; scan: ResolvedCode }[] = [];
  /**
   * Scans taken in "Scan, then enter quantity" before their names came: whether each asks for a quantity, a
   * package's confirmation or nothing depends on what it is, so they wait for the lookup (asked at once), or, with
   * no connection, are decided unnamed.
   */
  private held: { code: string; at: string }[] = [];
  /** A receipt's carton labels scanned (their SSCCs), in the order first scanned. */
  private readonly ssccs = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = false;
  private readonly listeners = new Set<() => void>();
  private view: CountView;

  private constructor(
    readonly stored: StoredCount,
    private readonly token: string,
    batches: StoredBatch[],
  ) {
    // A count kept before barcodes were counted has no scans and no list of its own: the list is its last tags.
    stored.scans ??= [];
    this.tally = CountSession.tallyOf(stored);
    if (stored.last) {
      this.last = stored.last;
      this.nextId = Math.max(-1, ...this.last.map((r) => r.id)) + 1;
    } else for (const epc of stored.seen.slice(-LAST_SHOWN)) this.addLast(tagRead(this.tally, epc));
    const isStarted = stored.auditId !== null && !stored.isSheetPending;
    this.keptItems = new Set(stored.sheet.items.map((i) => i.epc));
    if (stored.receipt) for (const scan of stored.scans) this.noteCarton(identifyCode(scan.code));
    this.lookup = new SheetLookup({
      ask: isStarted ? this.askLookup : null,
      isNamed: (key) => this.tally.isNamed(key),
      onNamed: this.onNamed,
      isRetryable,
      onOffline: () => this.release(true),
    });
    for (const key of this.tally.waitingKeys()) this.lookup.want(key);
    this.outbox = new BatchOutbox(
      token,
      isStarted ? stored.auditId : null,
      batches,
      () => this.emit(),
      this.connect,
    );
    this.view = this.buildView();
  }

  private static tallyOf(stored: StoredCount) {
    const tally = new CountTally(stored.sheet, stored.named ?? null);
    for (const epc of stored.seen) tally.addTag(epc);
    for (const scan of stored.scans ?? []) tally.addScan(tally.resolve(scan.code), scan.quantity);
    return tally;
  }

  /**
   * Starts the audit (the reader protocol's start, then its sheet) and keeps it in IndexedDB. With no connection
   * the count starts all the same: kept here, and created on the server (same client id) when the connection is
   * back, before its reads are sent. A refusal (a location deleted, the device removed) is thrown as before.
   */
  static async start(input: StartInput): Promise<CountSession> {
    const startBody: TStartAuditRequest = {
      client_audit_id: uuid(),
      ...(input.name && { name: input.name }),
      ...(input.locationId !== null && { location_id: input.locationId }),
      ...(input.room !== null && { room: input.room }),
      ...(input.isBlind && { audit_type: BLIND_COUNT }),
      ...(input.planId != null && { plan_id: input.planId }),
      ...(input.receipt && { shipment_id: input.receipt.shipmentId }),
    };
    const stored: StoredCount = {
      key: input.key,
      deviceId: input.deviceId,
      clientAuditId: startBody.client_audit_id,
      auditId: null,
      startBody,
      isSheetPending: true,
      name: input.name,
      scopeLabel: input.scopeLabel,
      isBlind: input.isBlind,
      startedAt: Date.now(),
      nextSeq: 0,
      sheet: PENDING_SHEET,
      named: [],
      seen: [],
      scans: [],
      readsCount: 0,
      ignoredCount: 0,
      ...(input.receipt && { receipt: input.receipt }),
    };
    try {
      Object.assign(stored, await CountSession.startOnServer(input.token, stored));
    } catch (err) {
      if (!isRetryable(err)) throw err;
    }
    await saveCount(stored);
    const session = new CountSession(stored, input.token, []);
    if (stored.isSheetPending) void session.outbox.pump();
    return session;
  }

  /**
   * Opens a recount the portal started on this browser's device (POST /api/audits/{id}/recount): the audit is there
   * already, so only its sheet's totals and items in scope are fetched (the short list of what to find); anything
   * else read is named by the lookup, as in any count.
   */
  static async open(input: {
    key: string;
    token: string;
    deviceId: number;
    audit: Pick<TAudit, 'id' | 'name' | 'recount_of'>;
    scopeLabel: string;
  }): Promise<CountSession> {
    const sheet = await readerCall(input.token, `/api/rfid/audits/${input.audit.id}/sheet?items=expected`, {
      schema: ZCountSheet,
    });
    const stored: StoredCount = {
      key: input.key,
      deviceId: input.deviceId,
      clientAuditId: `recount-${input.audit.id}`,
      auditId: input.audit.id,
      isSheetPending: false,
      name: input.audit.name,
      scopeLabel: input.scopeLabel,
      isBlind: false,
      startedAt: Date.now(),
      nextSeq: 0,
      sheet,
      seen: [],
      scans: [],
      readsCount: 0,
      ignoredCount: 0,
      // The short list's own tags are named already (offline too); anything else waits for the lookup.
      named: sheet.items.map((i) => tagKey(i.epc)),
      ...(input.audit.recount_of !== null && { recountOf: input.audit.recount_of }),
    };
    await saveCount(stored);
    return new CountSession(stored, input.token, []);
  }

  /**
   * Joins a count in progress (another person's, to count it together; or this reader's own, resumed after what
   * this browser kept of it was lost): its batches go on from the number the portal answers, so nothing sent before
   * is numbered again; the sheet's totals are fetched, and what is read is named by the lookup, as in any count.
   */
  static async join(input: {
    key: string;
    token: string;
    deviceId: number;
    count: { id: number; name: string; audit_type: string | null };
    scopeLabel: string;
    /** Joining a receipt: the shipment it receives. */
    receipt?: StoredReceipt;
  }): Promise<CountSession> {
    const joined = await joinCount(input.token, input.count.id);
    const sheet = await readerCall(input.token, `/api/rfid/audits/${input.count.id}/sheet?items=none`, {
      schema: ZCountSheet,
    });
    const stored: StoredCount = {
      key: input.key,
      deviceId: input.deviceId,
      clientAuditId: `join-${input.count.id}`,
      auditId: input.count.id,
      isSheetPending: false,
      name: input.count.name,
      scopeLabel: input.scopeLabel,
      isBlind: input.count.audit_type === BLIND_COUNT,
      startedAt: Date.now(),
      nextSeq: joined.next_batch_seq,
      sheet,
      named: [],
      seen: [],
      scans: [],
      readsCount: 0,
      ignoredCount: 0,
      ...(input.receipt && { receipt: input.receipt }),
    };
    await saveCount(stored);
    return new CountSession(stored, input.token, []);
  }

  /**
   * The reader protocol's start (again: the same client id is the same audit) and the audit's sheet: its totals
   * only; what is read is named by the sheet's lookup (askLookup), never by downloading every product.
   */
  private static async startOnServer(token: string, stored: StoredCount) {
    const body = stored.startBody ?? { client_audit_id: stored.clientAuditId };
    // Created by the sender the service worker shares (it may have created it already: then its id).
    const auditId = stored.auditId ?? (await createAudit(token, stored.key, body));
    const sheet = await readerCall(token, `/api/rfid/audits/${auditId}/sheet?items=none`, {
      schema: ZCountSheet,
    });
    return { auditId, sheet, isSheetPending: false };
  }

  /**
   * The connection is back for a count started offline: the audit is created, its sheet's totals fetched, and all
   * kept (with the reads taken meanwhile, as a batch) before the batches go; what was read is looked up now.
   */
  private connect = async (): Promise<number> => {
    const started = await CountSession.startOnServer(this.token, this.stored);
    Object.assign(this.stored, started);
    this.stored.named ??= [];
    this.tally = CountSession.tallyOf(this.stored);
    this.lookup.setAsk(this.askLookup);
    for (const key of this.tally.waitingKeys()) this.lookup.want(key);
    await this.flush();
    this.emit();
    return started.auditId;
  };

  private askLookup = async (read: { epcs: string[]; codes: string[] }) =>
    (
      await readerCall(this.token, `/api/rfid/audits/${this.stored.auditId}/sheet/lookup`, {
        schema: ZCountSheetLookupResponse,
        method: 'POST',
        body: read,
      })
    ).items;

  /** The lookup answered: its items kept (in memory and IndexedDB), the reads that waited counted and named. */
  private onNamed = (keys: LookupKey[], answered: TCountSheetItem[]) => {
    if (this.isStopped) return;
    const items = this.keepExpected(answered);
    this.tally.name(keys, items);
    this.stored.named = [...(this.stored.named ?? []), ...keys];
    const fresh = items.filter((i) => !this.keptItems.has(i.epc));
    for (const i of fresh) this.keptItems.add(i.epc);
    if (fresh.length > 0)
      this.stored.sheet = { ...this.stored.sheet, items: [...this.stored.sheet.items, ...fresh] };
    this.last = this.last.map((r) => {
      if (r.kind !== 'waiting') return r;
      if (r.epc !== null) return { ...tagRead(this.tally, r.epc), id: r.id, times: r.times };
      if (r.code === null) return r;
      const row = codeRead(this.tally, this.tally.resolve(r.code), r.quantity);
      return { ...row, id: r.id, times: r.times, isRepeat: r.isRepeat };
    });
    this.stored.last = this.last;
    void this.outbox.save(this.snapshot());
    this.release();
    this.emit();
  };

  /**
   * Items the server answered again: one kept already takes the answer's expected units and what moved (in a trading
   * store a product is expected as of its first read, issue 48) and stays the one object the tally counts for it.
   */
  private keepExpected(items: TCountSheetItem[]): TCountSheetItem[] {
    const kept = new Map(this.stored.sheet.items.map((i) => [i.epc, i]));
    return items.map((i) => {
      const mine = kept.get(i.epc);
      if (!mine) return i;
      mine.expected = i.expected;
      if (i.moved) mine.moved = i.moved;
      else delete mine.moved;
      return mine;
    });
  }

  /**
   * A recount's short list fetched again when stock moved during it (the page sees that in the count's progress):
   * each product's expected as the reconciliation has it so far. Anything else read is named with its figures.
   */
  async refreshShortList() {
    if (this.stored.recountOf === undefined || this.stored.auditId === null || this.isStopped) return;
    const sheet = await readerCall(
      this.token,
      `/api/rfid/audits/${this.stored.auditId}/sheet?items=expected`,
      {
        schema: ZCountSheet,
      },
    );
    if (this.isStopped) return;
    this.keepExpected(sheet.items);
    this.stored.sheet = { ...this.stored.sheet, tags_expected: sheet.tags_expected };
    void this.outbox.save(this.snapshot());
    this.emit();
  }

  /** The count this person left open on this browser (a reload, the phone restarting), batches and all. */
  static async resume(key: string, token: string): Promise<CountSession | null> {
    const found = await loadCount(key);
    if (!found) return null;
    const session = new CountSession(found.count, token, found.batches);
    void session.outbox.pump();
    return session;
  }

  /** Whether finish was asked for before a reload: the page carries it on. */
  get isFinishing() {
    return !!this.stored.isFinishing;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getView = () => this.view;

  /**
   * Reads typed into the capture field, in order: EPCs and codes to count and send, and pieces that were neither.
   * With `askQuantity` ("Scan, then enter quantity"), a plain barcode or a package scanned waits for the person
   * (the view's prompt) instead; RFID reads never wait.
   */
  take(reads: TWedgeRead[], ignored: string[], opts: { askQuantity?: boolean } = {}) {
    if (this.isStopped || (reads.length === 0 && ignored.length === 0)) return;
    const at = new Date().toISOString();
    for (const read of reads) {
      if (read.kind === 'epc') {
        this.recordTag(read.value, at);
        this.lookup.want(tagKey(read.value));
        this.addLast(tagRead(this.tally, read.value));
        continue;
      }
      if (this.stored.receipt && this.takeCarton(read.value, at)) continue;
      const scan = this.tally.resolve(read.value);
      if (scan.isWaiting) this.lookup.want(scanKey(read.value));
      if (scan.isWaiting && scan.identity.epc) this.lookup.want(tagKey(scan.identity.epc));
      if (opts.askQuantity && ((scan.isWaiting && this.lookup.canAsk) || this.held.length > 0)) {
        this.held.push({ code: read.value, at });
        this.lookup.retryNow();
      } else this.takeCode(scan, !!opts.askQuantity, at);
    }
    for (const text of ignored) {
      this.stored.ignoredCount++;
      this.addLast(ignoredRead(text));
    }
    this.schedule();
    this.emit();
  }

  /**
   * A receipt's carton label (an SSCC): sent as any scan (the portal marks its carton received), named at once (no
   * product has an SSCC) and listed as the carton it is. False for anything else.
   */
  private takeCarton(code: string, at: string): boolean {
    const identity = identifyCode(code);
    if (identity.kind !== 'sscc' || !identity.sscc) return false;
    const key = scanKey(code);
    if (!this.tally.isNamed(key)) {
      this.tally.name([key], []);
      this.stored.named = [...(this.stored.named ?? []), key];
    }
    const sscc = identity.sscc;
    const cartons = this.stored.receipt?.cartons;
    const isOnShipment = !cartons || cartons.some((c) => c.sscc === sscc);
    this.recordScan(this.tally.resolve(code), null, at);
    this.addLast({
      ...cartonRead(code, sscc, isOnShipment),
      isRepeat: this.ssccs.has(sscc),
    });
    this.noteCarton(identity);
    return true;
  }

  private noteCarton(identity: { kind: string; sscc: string | null }) {
    if (identity.kind === 'sscc' && identity.sscc) this.ssccs.add(identity.sscc);
  }

  /** A receipt's shipment as the portal answered it (its lines and cartons), kept for the screen offline too. */
  setReceiptDetail(detail: Pick<StoredReceipt, 'lines' | 'cartons' | 'unitsExpected' | 'cartonsCount'>) {
    if (!this.stored.receipt || this.isStopped) return;
    const before = JSON.stringify(this.stored.receipt);
    this.stored.receipt = { ...this.stored.receipt, ...detail };
    if (JSON.stringify(this.stored.receipt) === before) return;
    void this.outbox.save(this.snapshot());
    this.emit();
  }

  /** A scan taken: asked about first ("Scan, then enter quantity") when a plain barcode or a package, else counted. */
  private takeCode(scan: ResolvedCode, askQuantity: boolean, at: string) {
    const ask = !askQuantity
      ? null
      : scan.item?.is_package
        ? 'package'
        : isPlainCode(scan)
          ? 'quantity'
          : null;
    if (ask) this.prompts.push({ prompt: promptOf(this.nextId++, ask, scan, this.tally), scan });
    else this.takeScan(scan, null, at);
  }

  /** The held scans whose names came (all of them when `isOffline`: decided unnamed), in the order scanned. */
  private release(isOffline = false) {
    let changed = false;
    while (this.held.length > 0 && !this.isStopped) {
      const first = this.held[0];
      if (!first) break;
      const scan = this.tally.resolve(first.code);
      if (scan.isWaiting && !isOffline) break;
      this.held.shift();
      this.takeCode(scan, true, first.at);
      changed = true;
    }
    if (changed) {
      this.schedule();
      this.emit();
    }
  }

  /** The waiting scan answered: counted with the quantity entered (a package confirmed as expected: null). */
  answerPrompt(quantity: number | null) {
    const waiting = this.prompts.shift();
    if (!waiting || this.isStopped) return;
    this.takeScan(waiting.scan, quantity, new Date().toISOString());
    this.schedule();
    this.emit();
  }

  /** The waiting scan cancelled: it is not counted. */
  dismissPrompt() {
    this.prompts.shift();
    this.emit();
  }

  /**
   * A quantity entered on a row of the live list. A package: what was counted of it, sent as its label with that
   * quantity (the last one entered counts). A plain barcode scan, already counted as one unit and maybe sent: a
   * batch that went out cannot be changed, and scans of one code add up, so the code is sent again with the rest
   * (quantity - 1, none when 1): its total grows by exactly what was entered beyond the first unit.
   */
  enterQuantity(rowId: number, quantity: number) {
    const row = this.last.find((r) => r.id === rowId);
    if (!row || this.isStopped || !Number.isInteger(quantity) || quantity < 1) return;
    const at = new Date().toISOString();
    const item = row.packageEpc ? this.tally.itemOfTag(row.packageEpc) : undefined;
    if (item) this.recordScan(this.tally.resolve(item.sku), quantity, at);
    else if (row.isPlain && row.code !== null && row.quantity === null) {
      if (quantity > 1) this.recordScan(this.tally.resolve(row.code), quantity - 1, at);
      this.last = this.last.map((r) => (r.id === rowId ? { ...r, quantity } : r));
      this.stored.last = this.last;
    } else return;
    this.schedule();
    this.emit();
  }

  /** Closes the batch being filled: into IndexedDB first, then off to the server. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = this.snapshot();
    if (this.bufferedReads === 0) return this.outbox.save(snapshot);
    const batch: StoredBatch = {
      key: this.stored.key,
      seq: this.stored.nextSeq++,
      reads: [...this.tagBuffer.values(), ...this.codeBuffer],
    };
    snapshot.nextSeq = this.stored.nextSeq;
    this.tagBuffer = new Map();
    this.codeBuffer = [];
    this.bufferedReads = 0;
    return this.outbox.send(snapshot, batch);
  }

  /** The count's progress as kept now (its lists copied: they grow after). */
  private snapshot(): StoredCount {
    return {
      ...this.stored,
      seen: this.stored.seen.slice(),
      scans: this.stored.scans?.slice(),
      named: this.stored.named?.slice(),
    };
  }

  /** Sends finish: what is left, then completion; the audit with its results. Waits out a lost connection. */
  async finish(): Promise<TAudit> {
    this.stored.isFinishing = true;
    await this.flush();
    await this.outbox.drain();
    const auditId = this.stored.auditId as number;
    const audit = await this.outbox.untilAnswered(() =>
      completeAudit(this.token, auditId, this.stored.nextSeq),
    );
    this.stop();
    await deleteCount(this.stored.key);
    return audit;
  }

  /**
   * Gives the count up on this browser: its local data goes, and the portal is told this reader is done with it (its
   * part finished with the batches that arrived; a count of one reader completes), so the reader is not held by a
   * count nobody carries on. No connection (or the count closed already): nothing more to do here; a start then
   * answers 409 naming the count, and the screen offers to resume it or finish it.
   */
  async discard() {
    this.stop();
    await deleteCount(this.stored.key);
    const auditId = this.stored.auditId;
    if (auditId === null || this.outbox.problem?.kind === 'device-removed') return;
    try {
      await finishOwnPart(this.token, auditId);
    } catch {
      // Offline, or the count is closed already: see above.
    }
  }

  /** The connection is back (the browser says so): try the waiting batches now. */
  retryNow() {
    this.outbox.retryNow();
    this.lookup.retryNow();
  }

  stop() {
    this.isStopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.outbox.stop();
    this.lookup.stop();
  }

  private recordTag(epc: string, at: string) {
    this.stored.readsCount++;
    this.bufferedReads++;
    const held = this.tagBuffer.get(epc);
    if (held) {
      held.count++;
      held.seen_at = at;
    } else this.tagBuffer.set(epc, { epc, count: 1, seen_at: at });
    if (this.tally.addTag(epc)) this.stored.seen.push(epc);
  }

  private recordScan(scan: ResolvedCode, quantity: number | null, at: string) {
    this.stored.readsCount++;
    this.bufferedReads++;
    this.codeBuffer.push({ code: scan.code, ...(quantity !== null && { quantity }), seen_at: at });
    this.stored.scans?.push({ code: scan.code, quantity });
    this.tally.addScan(scan, quantity);
  }

  /** A scan counted, with its row (described before it counts: a repeated serial says so). */
  private takeScan(scan: ResolvedCode, quantity: number | null, at: string) {
    const row = codeRead(this.tally, scan, quantity);
    this.recordScan(scan, quantity, at);
    this.addLast(row);
  }

  private schedule() {
    if (this.bufferedReads === 0) return;
    if (this.bufferedReads >= COUNT_BATCH_READS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), COUNT_BATCH_MS);
  }

  private addLast(entry: NewRead) {
    const top = this.last[0];
    if (top && isSameRow(top, entry)) this.last = [{ ...top, times: top.times + 1 }, ...this.last.slice(1)];
    else this.last = [{ ...entry, id: this.nextId++, times: 1 }, ...this.last].slice(0, LAST_SHOWN);
    this.stored.last = this.last;
  }

  private buildView(): CountView {
    const t = this.tally;
    return {
      found: t.found,
      expected: this.stored.sheet.tags_expected,
      misplaced: t.misplaced,
      unknown: t.unknown,
      waiting: t.waiting,
      ignored: this.stored.ignoredCount,
      packages: t.packagesExpected > 0 ? { found: t.packagesFound, expected: t.packagesExpected } : null,
      reads: this.stored.readsCount,
      // A receipt's products are set against the shipment, not the place's stock: none is misplaced there.
      last: this.stored.receipt
        ? rowsView(this.last, t).map((r) => (r.kind === 'misplaced' ? { ...r, kind: 'found' } : r))
        : rowsView(this.last, t),
      prompt: this.prompts[0]?.prompt ?? null,
      unsent: this.outbox.waitingReads() + this.bufferedReads,
      isStartedOnServer: !this.stored.isSheetPending,
      isOffline: this.outbox.isOffline,
      problem: this.outbox.problem,
      toFind: this.stored.recountOf === undefined ? null : toFindView(t, this.stored.sheet.items),
      receipt: this.stored.receipt ? { unitsBySku: t.unitsBySku(), ssccs: [...this.ssccs] } : null,
    };
  }

  private emit() {
    this.view = this.buildView();
    for (const l of [...this.listeners]) l();
  }
}
