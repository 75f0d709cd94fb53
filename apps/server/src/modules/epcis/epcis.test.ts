import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EPCIS_CONTEXT,
  epcFromSku,
  GLN_MESSAGES,
  sgtin96,
  type TApiKeyScope,
  timeZoneOffset,
  ZEpcisDocument,
  ZEpcisQueryDocument,
} from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The standard's own example documents, as GS1 publishes them (packages/contracts/src/testing/epcis-examples).
const examples = join(import.meta.dirname, '../../../../../packages/contracts/src/testing/epcis-examples');
const example = (name: string) => JSON.parse(readFileSync(join(examples, name), 'utf8'));

// GS1's example SGTIN: GTIN 80614141123458 under company prefix 0614141 (7 digits).
const SHIRT_GTIN = '80614141123458';
// A GTIN under a 9-digit prefix of the company's list, and one under no listed prefix (its tags say 10 digits).
const NINE_GTIN = '04012345990010';
const UNLISTED_GTIN = '09501101530126';
const METRC = '1A4FF0100000022000000123';
const SSCC_TAG = '3178E61C883950F59A000000';
const GLN = '0614141007776';
const GS = '\u001d';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let reader: PairedReader;
let backroom: number;
let countId: number;

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, type?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(type ? { 'content-type': type } : {}) },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const op = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, type = 'application/json') =>
  as(a.operator.token, method, url, payload, payload === undefined ? undefined : type);

async function keyOf(tenant: Tenant, scopes: TApiKeyScope[]): Promise<string> {
  const res = await as(
    tenant.admin.token,
    'POST',
    '/api/api-keys',
    { name: `Key ${scopes}`, scopes },
    'application/json',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key;
}

/** Every page of the query, following the Link header; the events of each page. */
async function allPages(token: string, url: string) {
  const pages: Record<string, unknown>[][] = [];
  let next: string | null = url;
  while (next) {
    const res = await as(token, 'GET', next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/ld+json');
    const doc = res.json();
    const valid = ZEpcisQueryDocument.safeParse(doc);
    expect(valid.success ? null : valid.error.issues[0]).toBeNull();
    pages.push(doc.epcisBody.queryResults.resultsBody.eventList);
    const link = String(res.headers.link ?? '');
    next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
  }
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'EPCIS Co');
  b = await createTenant(t, 'Other EPCIS Co');
  reader = await pairReader(t, a);
  await t.database.db
    .update(companies)
    .set({ timeZone: 'Europe/Amsterdam' })
    .where(eq(companies.id, a.companyId));
  const prefixes = await as(
    a.admin.token,
    'PUT',
    '/api/print/gs1-prefixes',
    { prefixes: ['0614141', '401234599'] },
    'application/json',
  );
  expect(prefixes.statusCode, prefixes.body).toBe(200);
  const place = await op('POST', '/api/locations', { name: 'Backroom', gln: GLN });
  expect(place.statusCode, place.body).toBe(201);
  backroom = place.json().id;
});
afterAll(() => t?.close());

describe('a location’s GLN', () => {
  it('is kept with its check digit, once per company, left as it is by an edit without it, cleared by ""', async () => {
    expect((await op('GET', `/api/locations/${backroom}`)).json().gln).toBe(GLN);
    const bad = await op('POST', '/api/locations', { name: 'Annex', gln: '0614141007770' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, GLN_MESSAGES.checkDigit]);
    const short = await op('POST', '/api/locations', { name: 'Annex', gln: '12345' });
    expect([short.statusCode, short.json().message]).toEqual([400, GLN_MESSAGES.format]);
    const twice = await op('POST', '/api/locations', { name: 'Annex', gln: GLN });
    expect([twice.statusCode, twice.json().message]).toEqual([409, GLN_MESSAGES.taken(GLN)]);
    // Another company may hold the same GLN (it names its own place).
    const other = await as(
      b.operator.token,
      'POST',
      '/api/locations',
      { name: 'Theirs', gln: GLN },
      'application/json',
    );
    expect(other.statusCode, other.body).toBe(201);
    const annex = (await op('POST', '/api/locations', { name: 'Annex' })).json();
    expect(annex.gln).toBeNull();
    const kept = await op('PUT', `/api/locations/${backroom}`, { name: 'Backroom' });
    expect(kept.json().gln).toBe(GLN);
    const cleared = await op('PUT', `/api/locations/${annex.id}`, { name: 'Annex', gln: '' });
    expect([cleared.statusCode, cleared.json().gln]).toEqual([200, null]);
  });
});

describe('a count as EPCIS 2.0', () => {
  it('is one ObjectEvent at the place, its tags as EPC URIs and its barcode units by class, valid EPCIS', async () => {
    countId = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        name: 'Backroom count',
        location_id: backroom,
      })
    ).json().audit_id;
    const reads = [
      ...readsOf(sgtin96(SHIRT_GTIN, 6789, 7), 1, 3),
      // The same GTIN written with a 6-digit partition: the company's list says 7, and the URI follows the list.
      ...readsOf(sgtin96(SHIRT_GTIN, 7000, 6), 1),
      ...readsOf(sgtin96(NINE_GTIN, 5, 9), 1),
      ...readsOf(sgtin96(UNLISTED_GTIN, 42, 10), 1),
      ...readsOf(epcFromSku('SHIRT1'), 1),
      ...readsOf(METRC, 1),
      ...readsOf(SSCC_TAG, 1),
      // Barcodes: a UPC-A three times, the shirt's GTIN-14 once and twice more, a SKU, a serialized DataMatrix.
      { code: '012345678905' },
      { code: '012345678905', quantity: 2 },
      { code: SHIRT_GTIN },
      { code: SHIRT_GTIN, quantity: 2 },
      { code: 'cp100115' },
      { code: `]d201${SHIRT_GTIN}21A/1${GS}10LOT1` },
      // The tag already read, scanned as its DataMatrix: one EPC.
      { code: `]d201${SHIRT_GTIN}216789` },
    ];
    const sent = await asReader(t, reader.token, `/api/rfid/audits/${countId}/reads`, {
      batch_seq: 0,
      reads,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${countId}/complete`, { batch_count: 1 }))
        .statusCode,
    ).toBe(200);

    const res = await as(a.member.token, 'GET', `/api/audits/${countId}/epcis`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json');
    const doc = res.json();
    const valid = ZEpcisDocument.safeParse(doc);
    expect(valid.success ? null : valid.error.issues[0]).toBeNull();
    expect(doc).toMatchObject({ '@context': [EPCIS_CONTEXT], type: 'EPCISDocument', schemaVersion: '2.0' });
    expect(doc.epcisBody.eventList).toHaveLength(1);
    const [event] = doc.epcisBody.eventList;
    const completedAt = new Date(event.eventTime);
    expect(event).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      bizStep: 'cycle_counting',
      eventTimeZoneOffset: timeZoneOffset('Europe/Amsterdam', completedAt),
      readPoint: { id: 'urn:epc:id:sgln:0614141.00777.0' },
      bizLocation: { id: 'urn:epc:id:sgln:0614141.00777.0' },
    });
    expect(['+01:00', '+02:00']).toContain(event.eventTimeZoneOffset);
    expect([...event.epcList].sort()).toEqual(
      [
        'urn:epc:id:sgtin:0614141.812345.6789',
        'urn:epc:id:sgtin:0614141.812345.7000',
        'urn:epc:id:sgtin:401234599.0001.5',
        'urn:epc:id:sgtin:9501101530.012.42',
        `urn:epc:raw:96.x${epcFromSku('SHIRT1')}`,
        `urn:quantics:metrc:${METRC}`,
        // epc-tds's pure identity of the SSCC-96 tag (under no listed prefix).
        'urn:epc:id:sscc:235634.35321345434',
        'urn:epc:id:sgtin:0614141.812345.A%2F1',
      ].sort(),
    );
    expect([...event.quantityList].sort((x, y) => x.epcClass.localeCompare(y.epcClass))).toEqual([
      { epcClass: 'https://id.gs1.org/01/00012345678905', quantity: 3 },
      { epcClass: 'urn:epc:idpat:sgtin:0614141.812345.*', quantity: 3 },
      { epcClass: 'urn:quantics:sku:CP100115', quantity: 1 },
    ]);
    // Discrepancies are not observations: nothing of them is written.
    expect(res.body).not.toMatch(/discrepanc|expected/i);
  });

  it('is refused for a count in progress (409) and another company’s (404)', async () => {
    const open = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        name: 'Still counting',
        location_id: backroom,
      })
    ).json().audit_id;
    expect((await op('GET', `/api/audits/${open}/epcis`)).statusCode).toBe(409);
    expect((await as(b.member.token, 'GET', `/api/audits/${countId}/epcis`)).statusCode).toBe(404);
    await asReader(t, reader.token, `/api/rfid/audits/${open}/complete`, { batch_count: 0 });
  });
});

describe('capture and query', () => {
  const shipping = () => example('Example_9.6.1-ObjectEvent.jsonld');

  it('captures the standard’s examples (202, a capture job that succeeded) and stores each eventID once', async () => {
    const res = await op('POST', '/api/epcis/capture', shipping(), 'application/ld+json');
    expect(res.statusCode, res.body).toBe(202);
    const { captureID } = res.json();
    expect(res.headers.location).toBe(`/api/epcis/capture/${captureID}`);
    const job = await op('GET', `/api/epcis/capture/${captureID}`);
    expect(job.json()).toMatchObject({
      captureID,
      running: false,
      success: true,
      captureErrorBehaviour: 'rollback',
      errors: [],
      eventCount: 2,
    });
    // The same document again: its events are already stored.
    const again = await op('POST', '/api/epcis/capture', shipping());
    expect((await op('GET', `/api/epcis/capture/${again.json().captureID}`)).json().eventCount).toBe(0);
    const agg = await op(
      'POST',
      '/api/epcis/capture',
      example('aggregation_event_all_possible_fields.jsonld'),
    );
    expect(agg.statusCode, agg.body).toBe(202);
    // Another company does not see the job.
    expect((await as(b.member.token, 'GET', `/api/epcis/capture/${captureID}`)).statusCode).toBe(404);
  });

  it('places a captured event by GLN (SGLN or Digital Link) or by our location URI', async () => {
    const doc = shipping();
    const [first, second] = doc.epcisBody.eventList;
    first.eventID = 'urn:uuid:6b1c1e32-0000-4000-8000-000000000001';
    first.bizLocation = { id: `urn:quantics:location:${backroom}` };
    second.eventID = 'urn:uuid:6b1c1e32-0000-4000-8000-000000000002';
    second.bizLocation = { id: `https://id.gs1.org/414/${GLN}` };
    expect((await op('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
  });

  it('answers the company’s events in pages, oldest first, by period, step and place', async () => {
    const pages = await allPages(a.member.token, '/api/epcis/events?perPage=2');
    const events = pages.flat();
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    const times = events.map((e) => Date.parse(e.eventTime as string));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // Two counts (the one above and the empty one), the example's two events, the aggregation, our two.
    expect(events.filter((e) => e.bizStep === 'cycle_counting')).toHaveLength(2);
    expect(events).toHaveLength(7);
    expect(new Set(events.map((e) => e.eventID)).size).toBe(7);
    // Their extension field kept the document's context.
    const extended = events.find((e) => 'example:myField' in e);
    expect(extended?.['@context']).toEqual(shipping()['@context']);

    const receiving = (await allPages(a.member.token, '/api/epcis/events?bizStep=receiving')).flat();
    expect(receiving.map((e) => e.type).sort()).toEqual(['AggregationEvent', 'ObjectEvent', 'ObjectEvent']);
    const here = (await allPages(a.member.token, `/api/epcis/events?location_id=${backroom}`)).flat();
    // Ours by urn:quantics:location, by Digital Link, and the full example's destination by the SGLN of our GLN.
    expect(here.map((e) => e.bizStep).sort()).toEqual([
      'cycle_counting',
      'cycle_counting',
      'receiving',
      'receiving',
      'shipping',
    ]);
    const old = (
      await allPages(a.member.token, '/api/epcis/events?from=2005-01-01T00:00:00Z&to=2006-01-01T00:00:00Z')
    ).flat();
    expect(old).toHaveLength(4);
    // Another company's query is its own.
    expect((await allPages(b.member.token, '/api/epcis/events')).flat()).toEqual([]);
  });

  it('refuses a bad query', async () => {
    for (const [url, message] of [
      ['/api/epcis/events?from=yesterday', 'from must be a date and time (ISO 8601)'],
      ['/api/epcis/events?cursor=bm9wZQ', 'cursor is not one this server gave'],
      ['/api/epcis/events?perPage=1000', 'perPage must be a whole number from 1 to 100'],
      [
        '/api/epcis/events?bizStep=looking',
        'bizStep must be a CBV business step (such as cycle_counting) or a URI',
      ],
    ] as const) {
      const res = await op('GET', url);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('refuses a malformed document with the path of its first error, and stores nothing', async () => {
    const before = (await allPages(a.member.token, '/api/epcis/events?perPage=100')).flat().length;
    const noOffset = shipping();
    delete noOffset.epcisBody.eventList[1].eventTimeZoneOffset;
    const badAction = shipping();
    badAction.epcisBody.eventList[0].action = 'LOOK';
    for (const [body, type, status, message] of [
      [noOffset, 'application/ld+json', 400, /^epcisBody\.eventList\[1\]\.eventTimeZoneOffset: /],
      [
        badAction,
        'application/json',
        400,
        /^epcisBody\.eventList\[0\]\.action: must be one of OBSERVE, ADD, DELETE$/,
      ],
      [{ ...shipping(), type: 'Document' }, 'application/json', 400, /^type: /],
      ['{"type": "EPCISDocument",', 'application/ld+json', 400, /./],
      ['[]', 'application/json', 400, /^\(document\): /],
      ['<epcis/>', 'application/xml', 415, /./],
    ] as const) {
      const res = await op('POST', '/api/epcis/capture', body, type);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await allPages(a.member.token, '/api/epcis/events?perPage=100')).flat()).toHaveLength(before);
  });
});

describe('a shipping AggregationEvent', () => {
  /** GS1's full AggregationEvent example, as published but for its step: shipping (GS1 publishes no shipping one). */
  const shippingAggregation = (eventID: string) => {
    const doc = example('aggregation_event_all_possible_fields.jsonld');
    Object.assign(doc.epcisBody.eventList[0], { bizStep: 'shipping', disposition: 'in_transit', eventID });
    return doc;
  };
  const jobOf = async (res: { json: () => { captureID: string } }) =>
    (await op('GET', `/api/epcis/capture/${res.json().captureID}`)).json();

  it('becomes an expected shipment to the place its destination names (by our GLN)', async () => {
    // The example's children: 10 of GTIN 04012345987652 (a class), two SGTINs of 10614141073464, carton SSCC
    // 106141412345678908; its destination urn:epc:id:sgln:0614141.00777.0 is the Backroom's GLN.
    const product = await op('POST', '/api/inventory', {
      name: 'Example item',
      sku: 'EX1',
      gtin: '04012345987652',
    });
    expect(product.statusCode, product.body).toBe(201);
    const res = await op(
      'POST',
      '/api/epcis/capture',
      shippingAggregation('urn:uuid:0f000000-0000-4000-8000-0000000000a1'),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(await jobOf(res)).toMatchObject({ success: true, eventCount: 1, errors: [] });
    const list = (await op('GET', '/api/shipments')).json();
    const shipment = list.data.find(
      (x: { reference: string }) => x.reference === 'urn:epc:id:gdti:0614141.00001.1618034',
    );
    expect(shipment).toMatchObject({
      supplier: 'urn:epc:id:pgln:4012345.00225',
      source_location_id: null,
      destination_location_id: backroom,
      status: 'expected',
      cartons_count: 1,
    });
    const detail = (await op('GET', `/api/shipments/${shipment.id}`)).json();
    expect(detail.lines).toEqual([
      expect.objectContaining({ sku: 'EX1', quantity: 10, sscc: '106141412345678908' }),
    ]);
  });

  it('received, is exported as receiving with the shipment’s reference as its transaction', async () => {
    const shipment = (await op('GET', '/api/shipments')).json().data[0];
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: shipment.id,
    });
    expect(start.statusCode, start.body).toBe(201);
    const receipt = start.json().audit_id;
    const reads = [
      ...readsOf(sgtin96('10614141073464', 2017, 7), 1),
      { code: '04012345987652', quantity: 10 },
    ];
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${receipt}/reads`, { batch_seq: 0, reads }))
        .statusCode,
    ).toBe(200);
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${receipt}/complete`, { batch_count: 1 }))
        .statusCode,
    ).toBe(200);
    const doc = (await op('GET', `/api/audits/${receipt}/epcis`)).json();
    const valid = ZEpcisDocument.safeParse(doc);
    expect(valid.success ? null : valid.error.issues[0]).toBeNull();
    expect(doc.epcisBody.eventList[0]).toMatchObject({
      eventID: `urn:quantics:audit:${receipt}:receiving`,
      bizStep: 'receiving',
      bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epc:id:gdti:0614141.00001.1618034' }],
      epcList: ['urn:epc:id:sgtin:0614141.107346.2017'],
      quantityList: [{ epcClass: 'https://id.gs1.org/01/04012345987652', quantity: 10 }],
    });
    const receiving = (await allPages(a.member.token, '/api/epcis/events?bizStep=receiving')).flat();
    expect(receiving.map((e) => e.eventID)).toContain(`urn:quantics:audit:${receipt}:receiving`);
    const counting = (await allPages(a.member.token, '/api/epcis/events?bizStep=cycle_counting')).flat();
    expect(counting.map((e) => e.bizStep)).toEqual(['cycle_counting', 'cycle_counting']);
  });

  it('that cannot be one (its reference used, its product unknown) keeps nothing, and its job says why', async () => {
    const before = (await allPages(a.member.token, '/api/epcis/events?perPage=100')).flat().length;
    const again = await op(
      'POST',
      '/api/epcis/capture',
      shippingAggregation('urn:uuid:0f000000-0000-4000-8000-0000000000a2'),
    );
    expect(again.statusCode).toBe(202);
    const job = await jobOf(again);
    expect(job).toMatchObject({ running: false, success: false, eventCount: 0 });
    expect(job.errors[0].detail).toBe(
      'epcisBody.eventList[0]: A shipment with reference urn:epc:id:gdti:0614141.00001.1618034 already exists',
    );
    const unknown = shippingAggregation('urn:uuid:0f000000-0000-4000-8000-0000000000a3');
    unknown.epcisBody.eventList[0].bizTransactionList = [
      { type: 'desadv', bizTransaction: 'urn:example:desadv:77' },
    ];
    unknown.epcisBody.eventList[0].childQuantityList = [
      { epcClass: 'https://id.gs1.org/01/09501101530126', quantity: 4 },
    ];
    const job2 = await jobOf(await op('POST', '/api/epcis/capture', unknown));
    expect(job2.success).toBe(false);
    expect(job2.errors[0].detail).toMatch(/^epcisBody\.eventList\[0\]: .*no product of this company has it/);
    const nowhere = shippingAggregation('urn:uuid:0f000000-0000-4000-8000-0000000000a4');
    nowhere.epcisBody.eventList[0].destinationList = [
      { type: 'location', destination: 'urn:epc:id:sgln:0614141.00999.0' },
    ];
    const job3 = await jobOf(await op('POST', '/api/epcis/capture', nowhere));
    expect(job3.errors[0].detail).toMatch(
      /^epcisBody\.eventList\[0\]\.destinationList: names none of your locations/,
    );
    expect((await allPages(a.member.token, '/api/epcis/events?perPage=100')).flat()).toHaveLength(before);
  });
});

describe('API keys', () => {
  it('epcis:read exports and queries; epcis:write captures; neither does the other, nor audits:read', async () => {
    const reading = await keyOf(a, ['epcis:read']);
    const writing = await keyOf(a, ['epcis:write']);
    const audits = await keyOf(a, ['audits:read']);
    expect((await as(reading, 'GET', `/api/audits/${countId}/epcis`)).statusCode).toBe(200);
    expect((await as(reading, 'GET', '/api/epcis/events')).statusCode).toBe(200);
    expect((await as(reading, 'POST', '/api/epcis/capture', {}, 'application/json')).statusCode).toBe(403);
    const captured = await as(
      writing,
      'POST',
      '/api/epcis/capture',
      example('Example_9.6.3-AggregationEvent.jsonld'),
      'application/ld+json',
    );
    expect(captured.statusCode, captured.body).toBe(202);
    expect((await as(writing, 'GET', `/api/epcis/capture/${captured.json().captureID}`)).json().success).toBe(
      true,
    );
    expect((await as(writing, 'GET', '/api/epcis/events')).statusCode).toBe(403);
    expect((await as(audits, 'GET', `/api/audits/${countId}/epcis`)).statusCode).toBe(403);
    // A member's session reads but does not capture.
    expect((await as(a.member.token, 'POST', '/api/epcis/capture', {}, 'application/json')).statusCode).toBe(
      403,
    );
  });
});
