import {
  decodeTag,
  identifyCode,
  READER_MESSAGES,
  type TCountSheet,
  ZCompleteAuditRequest,
  ZCountSheetLookupRequest,
  ZReadsRequest,
  ZStartAuditRequest,
} from '@quantics/contracts';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { completedAudit } from './audits';

/** What the stand-in reader API does with the next calls: answer, or fail as a dead connection or a sick server. */
export type Outage = 'network' | 503 | null;

export type Audit = {
  id: number;
  deviceToken: string;
  status: 'in_progress' | 'completed' | 'failed';
  sheet: TCountSheet;
};

/**
 * The reader protocol as the server answers it (apps/server/src/modules/ingest/adapters/reader-protocol.routes.ts and the audits'
 * ingest service), over MSW: a device token that is unknown or revoked is 401, another device's audit 404, a batch
 * number seen before is answered alike and stored once (`duplicate: true`, even after completion), a new batch for a
 * completed or failed audit 409, and complete is 409 with `missing_batch_seqs` until every batch has arrived.
 * Bodies are checked with the contracts' schemas, as the server does.
 */
export class ReaderApi {
  /** Device tokens the server knows: remove one to play a device removed in the portal. */
  readonly tokens = new Set<string>();
  readonly audits = new Map<number, Audit>();
  /** Batches stored, per audit and batch number. */
  readonly stored = new Map<number, Map<number, unknown[]>>();
  /** Every reads call that reached the server (the fake clock's time included), stored or not. */
  readonly attempts: { auditId: number; seq: number; at: number; reads: unknown[] }[] = [];
  readonly completions: { auditId: number; batchCount: number }[] = [];
  /** The client ids of the audits started through the protocol, in order (a start sent again is not listed). */
  readonly starts: string[] = [];
  private readonly byClientId = new Map<string, number>();
  outage: Outage = null;
  /** The sheet calls, by what they asked for ('all': every item; 'none': the totals). */
  readonly sheetCalls: string[] = [];
  /** The sheet's lookups, as asked (tags and codes read). */
  readonly lookups: { epcs: string[]; codes: string[] }[] = [];
  /** The sheet of the next audit started through the protocol. */
  nextSheet: Omit<TCountSheet, 'audit_id'> = { items: [], tags_expected: 0 };
  /** The next reads call is stored, but its answer never reaches the browser (the connection drops). */
  loseNextAnswer = false;
  private nextAudit = 41;

  readonly server = setupServer(
    http.post('/api/rfid/audits', async ({ request }) => {
      const down = this.refuse(request);
      if (down) return down;
      const body = ZStartAuditRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      // A client id this device sent before is the same audit (200), as the server answers a start sent again.
      const token = this.tokenOf(request);
      const clientKey = `${token}:${body.data.client_audit_id}`;
      const known = this.byClientId.get(clientKey);
      if (known !== undefined) return HttpResponse.json({ audit_id: known, status: 'in_progress' });
      const id = this.openAudit(token, this.nextSheet);
      this.byClientId.set(clientKey, id);
      this.starts.push(body.data.client_audit_id);
      return HttpResponse.json({ audit_id: id, status: 'in_progress' }, { status: 201 });
    }),
    http.get('/api/rfid/audits/:id/sheet', ({ request, params }) => {
      const down = this.refuse(request);
      if (down) return down;
      const audit = this.deviceAudit(request, Number(params.id));
      if (!audit) return notFound();
      this.sheetCalls.push(new URL(request.url).searchParams.get('items') ?? 'all');
      if (new URL(request.url).searchParams.get('items') !== 'none') return HttpResponse.json(audit.sheet);
      const { items, ...totals } = audit.sheet;
      return HttpResponse.json({
        ...totals,
        packages_expected: items.filter((i) => i.is_package && i.in_scope).length,
        is_point_of_sale: items.some((i) => i.is_package !== undefined),
        items: [],
      });
    }),
    // The sheet's lookup: every item a tag or code read could match (count-sheet.service.ts's lookupSheet).
    http.post('/api/rfid/audits/:id/sheet/lookup', async ({ request, params }) => {
      const down = this.refuse(request);
      if (down) return down;
      const audit = this.deviceAudit(request, Number(params.id));
      if (!audit) return notFound();
      const body = ZCountSheetLookupRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      this.lookups.push(body.data);
      const epcs = new Set<string>();
      const gtins = new Set<string>();
      const skus = new Set<string>();
      for (const epc of body.data.epcs) {
        epcs.add(epc);
        const { gtin } = decodeTag(epc);
        if (gtin) gtins.add(gtin);
      }
      for (const code of body.data.codes) {
        const id = identifyCode(code);
        if (id.epc) epcs.add(id.epc);
        for (const g of [id.gtin, id.altGtin]) if (g) gtins.add(g);
        if (id.skuKey) skus.add(id.skuKey);
      }
      const items = audit.sheet.items.filter(
        (i) => epcs.has(i.epc) || (i.gtin && gtins.has(i.gtin)) || skus.has(i.sku.toUpperCase()),
      );
      return HttpResponse.json({ audit_id: audit.id, items });
    }),
    http.post('/api/rfid/audits/:id/reads', async ({ request, params }) => {
      const down = this.refuse(request);
      if (down) return down;
      const audit = this.deviceAudit(request, Number(params.id));
      if (!audit) return notFound();
      const json = await request.json();
      const body = ZReadsRequest.safeParse(json);
      if (!body.success) return invalid(body.error);
      // Kept as sent, so a test compares them with what the browser holds.
      const seq = body.data.batch_seq;
      const reads = (json as { reads: unknown[] }).reads;
      this.attempts.push({ auditId: audit.id, seq, at: Date.now(), reads });
      const batches = this.stored.get(audit.id) ?? new Map<number, unknown[]>();
      this.stored.set(audit.id, batches);
      const before = batches.get(seq);
      if (before) return HttpResponse.json({ batch_seq: seq, accepted: before.length, duplicate: true });
      if (audit.status === 'completed') return conflict(READER_MESSAGES.auditCompleted);
      if (audit.status === 'failed') return conflict(READER_MESSAGES.auditFailed);
      batches.set(seq, reads);
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        return HttpResponse.error();
      }
      return HttpResponse.json({ batch_seq: seq, accepted: reads.length, duplicate: false });
    }),
    http.post('/api/rfid/audits/:id/complete', async ({ request, params }) => {
      const down = this.refuse(request);
      if (down) return down;
      const audit = this.deviceAudit(request, Number(params.id));
      if (!audit) return notFound();
      const body = ZCompleteAuditRequest.parse(await request.json());
      this.completions.push({ auditId: audit.id, batchCount: body.batch_count });
      if (audit.status === 'failed') return conflict(READER_MESSAGES.auditFailed);
      const have = this.stored.get(audit.id) ?? new Map();
      const missing = [...Array(body.batch_count).keys()].filter((seq) => !have.has(seq));
      if (missing.length > 0)
        return HttpResponse.json(
          { message: READER_MESSAGES.missingBatches, missing_batch_seqs: missing },
          { status: 409 },
        );
      audit.status = 'completed';
      return HttpResponse.json(completedAudit(audit.id, have.size));
    }),
  );

  /** An audit this device token started (the portal's count sheet with it). */
  openAudit(token: string, sheet: Omit<TCountSheet, 'audit_id'>): number {
    const id = this.nextAudit++;
    this.tokens.add(token);
    this.audits.set(id, { id, deviceToken: token, status: 'in_progress', sheet: { audit_id: id, ...sheet } });
    return id;
  }

  /** An audit, to change as the portal would (completed, failed, moved to another device). */
  auditOf(id: number): Audit {
    const audit = this.audits.get(id);
    if (!audit) throw new Error(`No audit ${id}`);
    return audit;
  }

  /** The batch numbers stored for an audit, in order. */
  storedSeqs(auditId: number): number[] {
    return [...(this.stored.get(auditId)?.keys() ?? [])].sort((a, b) => a - b);
  }

  private tokenOf(request: Request) {
    return request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  }

  /** The outage, else the device token check every reader route makes first. */
  private refuse(request: Request) {
    if (this.outage === 'network') return HttpResponse.error();
    if (this.outage === 503)
      return HttpResponse.json({ message: 'The database is not reachable' }, { status: 503 });
    if (!this.tokens.has(this.tokenOf(request)))
      return HttpResponse.json({ message: READER_MESSAGES.deviceTokenRequired }, { status: 401 });
    return null;
  }

  /** Another device's audit is not found, as one of another company is. */
  private deviceAudit(request: Request, id: number) {
    const audit = this.audits.get(id);
    return audit && audit.deviceToken === this.tokenOf(request) ? audit : undefined;
  }
}

/** A body the schema refuses: 400 with its first message, as the server's error handler answers. */
const invalid = (error: { issues: { message: string }[] }) =>
  HttpResponse.json({ message: error.issues[0]?.message }, { status: 400 });
const notFound = () => HttpResponse.json({ message: READER_MESSAGES.auditNotFound }, { status: 404 });
const conflict = (message: string) => HttpResponse.json({ message }, { status: 409 });
