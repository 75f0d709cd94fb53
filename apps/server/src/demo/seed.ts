import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TImportResult, TLocation } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from '../lib/multipart-body.ts';
import { type HistorySummary, seedAuditHistory } from './audit-history.ts';
import { catalogueCsv, demoCatalogue } from './demo-catalogue.ts';
import {
  AREA_KINDS,
  ARRIVALS,
  COMPANY,
  DEMO_PASSWORD,
  DUTCHIE_COMPANY,
  DUTCHIE_KEY,
  DUTCHIE_OWNER,
  METRC,
  PENDING_INVITE,
  PEOPLE,
  READERS,
  SITES,
  TALLIE_QUESTIONS,
} from './demo-data.ts';
import { pairReader } from './pairing.ts';
import { type Call, type ShowcaseResult, seedShowcase } from './showcase.ts';

/**
 * Seeds the demo through the product's own HTTP API (app.inject: routing, validation, access rules and services,
 * as a browser or a reader would call them) on a fresh database. The one exception is the audit history, which
 * goes through the readers' ingest service with its `at` time, because no API lets a caller back-date an audit.
 */

export type SeedOptions = {
  products: number;
  days: number;
  log?: (line: string) => void;
  /** Off: only the catalogue, team, readers and audit history (bench/demo-seed.mjs times the showcase against it). */
  showcase?: boolean;
};

export type SeedResult = {
  companyId: number;
  dutchieCompanyId: number;
  products: number;
  /** Stock rows: the products' places. */
  places: number;
  audits: HistorySummary;
  readers: { serial: string; deviceId: number; name: string }[];
  conversations: number;
  /** What months of use leave (issue 54): reviews, sales, plans, shipments, the API key...; null when off. */
  showcase: ShowcaseResult | null;
};

type Json = Record<string, unknown>;

export async function seedDemo(app: FastifyInstance, o: SeedOptions): Promise<SeedResult> {
  const log = o.log ?? (() => {});
  // Tallie's intent model trains in a worker thread while the seed runs: her first question below only loads it.
  void app.tallie.trainAhead();
  const call = async <T = Json>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token: string | null,
    payload?: object,
    expected = [200, 201, 204],
  ): Promise<T> => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    });
    if (!expected.includes(res.statusCode))
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return (res.statusCode === 204 ? {} : res.json()) as T;
  };

  // The company and its admin, as the sign-up form does it.
  const reg = await call<{ token: string; user: { company_id: number } }>(
    'POST',
    '/api/auth/register',
    null,
    {
      email: PEOPLE.admin.email,
      password: DEMO_PASSWORD,
      company: COMPANY,
    },
  );
  const admin = reg.token;
  const companyId = reg.user.company_id;
  await call('PUT', '/api/settings/profile', admin, {
    name: PEOPLE.admin.name,
    email: PEOPLE.admin.email,
    phone: '+1 503 555 0142',
  });

  // Locations: the four sites by hand, the levels below them from the catalogue's location paths. The catalogue is
  // one line per SKU and place: the chain's products are each one SKU with stock in several stores and rooms.
  for (const site of SITES) {
    await call('POST', '/api/locations', admin, { ...site, parent_location_id: null });
  }
  const catalogue = demoCatalogue(o.products);
  const imported = await uploadCsv(app, admin, catalogueCsv(catalogue));
  if (imported.summary.failed > 0) throw new Error(`catalogue import: ${JSON.stringify(imported.details)}`);
  const places = catalogue.reduce((n, p) => n + p.places.length, 0);
  log(`catalogue: ${catalogue.length} products in ${places} places imported from CSV`);
  const locations = await call<TLocation[]>('GET', '/api/locations', admin);
  const locationIds = new Map(locations.map((l) => [l.path, l.id]));
  // The kinds of the rooms the import made, confirmed as an admin does on the Locations page.
  const confirmed = locations.flatMap((l) => {
    const kind = AREA_KINDS[l.name];
    return kind && l.parent_location_id !== null ? [{ id: l.id, kind }] : [];
  });
  const others = locations.filter((l) => l.kind_suggestion && !AREA_KINDS[l.name]).map((l) => l.id);
  await call('POST', '/api/locations/kinds', admin, { confirmed, dismissed: others });

  // The team: an operator and a member who accepted their invitations, and one invitation still open.
  for (const p of [PEOPLE.operator, PEOPLE.member, PENDING_INVITE]) {
    await call('POST', '/api/team/invite', admin, {
      ...p,
      message: 'Welcome to the team! Your RFID reader is waiting at the front desk.',
    });
  }
  await app.jobs.drain('account-mail');
  const tokens: Record<string, string> = {};
  for (const p of [PEOPLE.operator, PEOPLE.member]) {
    const link = inviteToken(app.config.dataDir, p.email);
    const accepted = await call<{ token: string }>('POST', '/api/team/accept-invite', null, {
      token: link,
      name: p.name,
      password: DEMO_PASSWORD,
    });
    tokens[p.role] = accepted.token;
  }
  const operator = tokens.operator as string;
  log('team: admin, operator and member, one invitation pending');
  // Approval on from the start (issue 54): a line more than 2 units or $250 off waits for an admin's review.
  if (o.showcase !== false) {
    await call('PUT', `/api/companies/${companyId}/count-policy`, admin, {
      approval_units: 2,
      approval_value: 250,
    });
  }

  // Readers paired through the pairing protocol (start, an operator confirms the code, the reader polls).
  const readers: SeedResult['readers'] = [];
  const deviceTokens: string[] = [];
  for (const r of READERS) {
    const paired = await pairReader(call, operator, r);
    readers.push({ serial: r.serial, deviceId: paired.deviceId, name: r.name });
    deviceTokens.push(paired.token);
  }

  // The outfitter's history, and beside it (the seed mostly waits on the database) the Dutchie company, which
  // shares only its invited admin with the outfitter.
  const outfitterHistory = async () => {
    const audits = await seedAuditHistory({
      db: app.db,
      dutchie: app.dutchie,
      hooks: app.ingest.hooks,
      readers: readers.map((r) => ({ deviceId: r.deviceId, companyId, name: r.name })),
      products: catalogue,
      locationIds,
      days: o.days,
      timeoutMinutes: app.audits.timeoutMinutes,
    });
    log(`audits: ${audits.completed} completed and ${audits.failed} failed over ${o.days} days`);
    await annotateAudits(call, operator);

    const showcase =
      o.showcase === false
        ? null
        : await seedShowcase({
            app,
            call,
            admin,
            operator,
            companyId,
            products: catalogue,
            locationIds,
            deviceTokens,
            days: o.days,
            log,
          });
    // The readers' last heartbeats (after the showcase, which takes a while: the readers read as online).
    for (const [i, r] of READERS.entries()) {
      await call('POST', '/api/rfid/heartbeat', deviceTokens[i] as string, {
        battery_level: r.battery,
        signal_strength: r.signal,
      });
    }
    // A delivery the operator entered by hand today: inventory entries in the activity log. One place is today's
    // location and quantity; several (part went straight to the backroom) are the stock the add dialog sends.
    for (const a of ARRIVALS) {
      const [home, ...more] = a.places.map((p) => ({
        location_id: locationIds.get(p.location) ?? null,
        quantity: p.quantity,
      }));
      await call('POST', '/api/inventory', operator, {
        name: a.name,
        sku: a.sku,
        category: a.category,
        vendor: a.name.split(' ').slice(0, 2).join(' '),
        unit_cost: 48.5,
        retail_price: 109,
        min_stock_level: 4,
        ...(more.length ? { location_id: home?.location_id, stock: [home, ...more] } : home),
      });
    }
    return { audits, showcase };
  };
  const history = outfitterHistory();
  const dutchieCompany = seedDutchieCompany(app, call, companyId, o.showcase !== false).then((id) => {
    log(`${DUTCHIE_COMPANY}: a Dutchie company ${PEOPLE.admin.name} also belongs to`);
    return id;
  });
  // Both settled before either's error is thrown: no request outlives the seed.
  await Promise.allSettled([history, dutchieCompany]);
  const { audits, showcase } = await history;
  const dutchieCompanyId = await dutchieCompany;
  const conversations = await askTallie(call, admin);
  // The fixed reader's sightings are written about a second after its post: the seed ends with them in the database.
  await app.ingest.sightings?.flush();
  return {
    companyId,
    dutchieCompanyId,
    products: catalogue.length + ARRIVALS.length,
    places: [...catalogue, ...ARRIVALS].reduce((n, p) => n + p.places.length, 0),
    audits,
    readers,
    conversations,
    showcase,
  };
}

/** Comments on a few audits with discrepancies, as an operator reviewing them would leave. */
async function annotateAudits(call: Call, operator: string) {
  const list = await call<{ data: { id: number; discrepancies_count: number }[] }>(
    'GET',
    '/api/audits?limit=50',
    operator,
  );
  const notes = [
    'Recounted by hand: two units were in the fitting rooms.',
    'Shortage reported to loss prevention.',
    'Misplaced items moved back to their shelves.',
  ];
  const withIssues = list.data.filter((a) => a.discrepancies_count > 0);
  for (const [i, a] of withIssues.slice(0, notes.length).entries()) {
    await call('PATCH', `/api/audits/${a.id}/comments`, operator, { comments: notes[i] });
  }
}

/** Tallie conversations as the web page makes them: a conversation, then each question with the history. */
async function askTallie(call: Call, token: string): Promise<number> {
  for (const questions of TALLIE_QUESTIONS) {
    const conversation = await call<{ id: number }>('POST', '/api/chat/conversations', token, {
      title: questions[0],
    });
    const messages: { role: 'user' | 'assistant'; content: string }[] = [];
    for (const q of questions) {
      messages.push({ role: 'user', content: q });
      const answer = await call<{ response: string }>('POST', '/api/chatbot', token, {
        messages,
        conversation_id: conversation.id,
      });
      messages.push({ role: 'assistant', content: answer.response });
    }
  }
  return TALLIE_QUESTIONS.length;
}

/** A Dutchie company registered by its owner, who invites the demo's admin; the admin accepts as themselves. */
async function seedDutchieCompany(
  app: FastifyInstance,
  call: Call,
  homeCompanyId: number,
  showcase: boolean,
): Promise<number> {
  const reg = await call<{ token: string; user: { company_id: number } }>(
    'POST',
    '/api/auth/register',
    null,
    {
      email: DUTCHIE_OWNER.email,
      password: DEMO_PASSWORD,
      company: DUTCHIE_COMPANY,
      useDutchie: true,
      dutchieApiKey: DUTCHIE_KEY,
    },
  );
  await call('PUT', '/api/settings/profile', reg.token, {
    name: DUTCHIE_OWNER.name,
    email: DUTCHIE_OWNER.email,
  });
  await call('POST', '/api/team/invite', reg.token, {
    email: PEOPLE.admin.email,
    name: PEOPLE.admin.name,
    role: 'admin',
    message: 'Could you help us run the dispensary side too?',
  });
  await app.jobs.drain('account-mail');
  const accepted = await call<{ token: string }>('POST', '/api/team/accept-invite', null, {
    token: inviteToken(app.config.dataDir, PEOPLE.admin.email),
    password: DEMO_PASSWORD,
  });
  if (showcase) {
    await countPackages(call, reg.token);
    // Metrc connected (Settings > Metrc): the store's user key and license, checked with Metrc when this server has
    // a vendor key (the demo's portal has the stand-in's); the metrc-sync sweep then reads the incoming manifests.
    await call('PUT', '/api/settings/metrc', reg.token, {
      apiKey: METRC.userKey,
      licenseNumber: METRC.license,
    });
  }
  // Back to the outfitter, so signing in (and the print utility) lands there.
  await call('POST', '/api/team/switch-company', accepted.token, { companyId: homeCompanyId });
  return reg.user.company_id;
}

/** The dispensary's handheld counts its Sales Floor by Metrc packages: tags read, labels scanned, one package short. */
export const DUTCHIE_READER = {
  serial: 'RFD40-0401',
  model: 'Zebra RFD40',
  name: 'Greenleaf Handheld',
} as const;

async function countPackages(call: Call, owner: string) {
  const handheld = await pairReader(call, owner, DUTCHIE_READER);
  const packages: { packageId: string; rooms: { roomName: string; quantity: number }[] }[] = [];
  for (let page = 1; ; page++) {
    const body = await call<{ data: typeof packages; pagination: { hasNext: boolean } }>(
      'GET',
      `/api/dutchie-inventory?limit=100&page=${page}`,
      owner,
    );
    packages.push(...body.data);
    if (!body.pagination.hasNext || body.data.length === 0) break;
  }
  const onFloor = packages
    .map((p) => ({
      id: p.packageId,
      units: p.rooms.find((r) => r.roomName === 'Sales Floor')?.quantity ?? 0,
    }))
    .filter((p) => p.units > 0);
  const audit = await call<{ audit_id: number }>('POST', '/api/rfid/audits', handheld.token, {
    client_audit_id: crypto.randomUUID(),
    name: 'Sales Floor packages',
    room: 'Sales Floor',
    audit_type: 'Cycle Count',
  });
  // Half the packages by their Metrc RFID tag (the label is the EPC), half by scanning the label with the units
  // counted; the third package is one unit short.
  const reads = onFloor.map((p, i) =>
    i % 2 === 0 && i !== 2 ? { epc: p.id, count: 2 } : { code: p.id, quantity: p.units - (i === 2 ? 1 : 0) },
  );
  await call('POST', `/api/rfid/audits/${audit.audit_id}/reads`, handheld.token, { batch_seq: 0, reads });
  await call('POST', `/api/rfid/audits/${audit.audit_id}/complete`, handheld.token, { batch_count: 1 });
}

async function uploadCsv(app: FastifyInstance, token: string, csv: string): Promise<TImportResult> {
  const { payload, headers } = multipartBody(csv, 'harbor-pine-catalogue.csv');
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventory/bulk-upload',
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`catalogue import: ${res.statusCode} ${res.body}`);
  return res.json() as TImportResult;
}

/** The newest invitation link sent to `email`, read from the mail outbox as the invited person would. */
function inviteToken(dataDir: string, email: string): string {
  const outbox = join(dataDir, 'outbox');
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    // Quoted-printable: join soft line breaks and decode '=' before reading the link.
    const text = readFileSync(join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
    const match = /accept-invite\?token=([A-Za-z0-9_%.-]+)/.exec(text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no invitation mail to ${email} in ${outbox}`);
}
