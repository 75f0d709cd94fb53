import { randomUUID } from 'node:crypto';
import type { TImportResult } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../lib/multipart-body.ts';
import { tableDigests } from './db-digest.ts';
import { bearer } from './factories.ts';
import { asReader, pairReader } from './readers.ts';
import { createTenant, type Tenant } from './tenants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let deviceId: number;
let auditId: number;
let conversationId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Text Rules Co');
  const reader = await pairReader(t, a);
  deviceId = reader.deviceId;
  auditId = (
    await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID(), name: 'Count' })
  ).json().audit_id;
  conversationId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(a.admin.token),
      payload: { title: 'Stock' },
    })
  ).json().id;
});
afterAll(() => t?.close());

const NUL = '\u0000';

type Probe = {
  what: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'GET';
  url: () => string;
  payload?: Record<string, unknown>;
  /** The field the message must name. */
  field: string;
  isPublic?: boolean;
};

/** The probes that answered 500 before the text rule: each must now be a 400 naming the field. */
const PROBES: Probe[] = [
  {
    what: 'the sign-up company name',
    method: 'POST',
    url: () => '/api/auth/register',
    payload: { email: 'nul@example.com', password: 'long-enough', company: `Acme${NUL}` },
    field: 'company',
    isPublic: true,
  },
  {
    what: 'the sign-in email',
    method: 'POST',
    url: () => '/api/auth/login',
    payload: { email: `a${NUL}@example.com`, password: 'whatever-1' },
    field: 'email',
    isPublic: true,
  },
  {
    what: 'a product name',
    method: 'POST',
    url: () => '/api/inventory',
    payload: { name: `Jar${NUL}`, sku: 'NUL1' },
    field: 'name',
  },
  {
    what: 'a product description',
    method: 'POST',
    url: () => '/api/inventory',
    payload: { name: 'Jar', sku: 'NUL2', description: `line one\nline${NUL}two` },
    field: 'description',
  },
  { what: 'the inventory search', method: 'GET', url: () => '/api/inventory?search=a%00b', field: 'search' },
  {
    what: 'a location name',
    method: 'POST',
    url: () => '/api/locations',
    payload: { name: `Shelf${NUL}` },
    field: 'name',
  },
  {
    what: 'an invitation name',
    method: 'POST',
    url: () => '/api/team/invite',
    payload: { email: 'invitee@example.com', name: `Sam${NUL}`, role: 'member' },
    field: 'name',
  },
  {
    what: 'the profile name',
    method: 'PUT',
    url: () => '/api/settings/profile',
    payload: { name: `Pat${NUL}`, email: 'pat@example.com' },
    field: 'name',
  },
  {
    what: 'a new company name',
    method: 'POST',
    url: () => '/api/companies',
    payload: { name: `Second${NUL}` },
    field: 'name',
  },
  {
    what: 'a chat conversation title',
    method: 'POST',
    url: () => '/api/chat/conversations',
    payload: { title: `Hello${NUL}` },
    field: 'title',
  },
  {
    what: 'a chat message in a conversation',
    method: 'POST',
    url: () => `/api/chat/conversations/${conversationId}/messages`,
    payload: { content: `Hi${NUL}`, sender: 'user', metadata: { note: `x${NUL}` } },
    field: 'content',
  },
  {
    what: 'a device name',
    method: 'PUT',
    url: () => `/api/devices/${deviceId}`,
    payload: { name: `Reader${NUL}` },
    field: 'name',
  },
  {
    what: 'an audit comment',
    method: 'PATCH',
    url: () => `/api/audits/${auditId}/comments`,
    payload: { comments: `Counted${NUL}` },
    field: 'comments',
  },
];

describe('text with a NUL character is refused at the boundary', () => {
  it.each(PROBES)('$what: 400 naming the field, nothing stored', async (probe) => {
    const before = await tableDigests(t);
    const res = await t.app.inject({
      method: probe.method,
      url: probe.url(),
      headers: probe.isPublic ? {} : bearer(a.admin.token),
      ...(probe.payload ? { payload: probe.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`${probe.field} contains a character that is not allowed (U+0000)`);
    expect(await tableDigests(t)).toEqual(before);
  });

  it('names a nested field, a path parameter and a field name', async () => {
    const chatbot = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      headers: bearer(a.admin.token),
      payload: { messages: [{ role: 'user', content: `hello${NUL}` }] },
    });
    expect(chatbot.statusCode).toBe(400);
    expect(chatbot.json().message).toBe(
      'messages.0.content contains a character that is not allowed (U+0000)',
    );

    const param = await t.app.inject({
      method: 'GET',
      url: '/api/inventory/1%00',
      headers: bearer(a.admin.token),
    });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toBe('id contains a character that is not allowed (U+0000)');

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(a.admin.token),
      payload: { name: 'Shelf', [`x${NUL}`]: 1 },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe('A field name contains a character that is not allowed (U+0000)');
  });
});

describe('the rest of the rule', () => {
  const createLocation = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/locations', headers: bearer(a.admin.token), payload });

  it.each([
    ['a bell (C0)', 'Shelf\u0007', 'U+0007'],
    ['a line feed in a single-line field', 'Shelf\nTwo', 'U+000A'],
    ['a tab in a single-line field', 'Shelf\tTwo', 'U+0009'],
    ['DEL', 'Shelf\u007f', 'U+007F'],
    ['a C1 control', 'Shelf\u0085', 'U+0085'],
    ['a right-to-left override', 'Shelf \u202egnp.exe', 'U+202E'],
    ['a directional isolate', 'Shelf \u2067x', 'U+2067'],
  ])('refuses %s in a name', async (_what, name, code) => {
    const res = await createLocation({ name });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`name contains a character that is not allowed (${code})`);
  });

  it('refuses an unpaired surrogate, which JSON can carry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...bearer(a.admin.token), 'content-type': 'application/json' },
      payload: '{"name":"Shelf \\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name contains an invalid character (an unpaired surrogate)');
  });

  it('keeps line breaks and tabs in multi-line fields, and every real character anywhere', async () => {
    const description = 'Top shelf\r\n\tleft side\nnext to the door';
    const name = 'Étagère 北 ﻣﺨﺰن \u200f Zoë 👩‍👩‍👧 ñ̃';
    const res = await createLocation({ name, description });
    expect(res.statusCode, res.body).toBe(201);
    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/locations/${res.json().id}`,
      headers: bearer(a.admin.token),
    });
    expect(saved.json()).toMatchObject({ name, description });
  });
});

describe('CSV import', () => {
  it('reports a cell with a NUL byte as a bad row and imports the rest', async () => {
    const csv = `name,sku,description,quantity\nGood Jar,NULA,fine,3\nBad${NUL}Jar,NULB,,4\nOther Jar,NULC,"two\nlines",5\n`;
    const body = multipartBody(csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(a.admin.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as TImportResult;
    expect(result.summary).toMatchObject({ successful: 2, failed: 1, created: 2 });
    expect(result.details.failed).toEqual([
      { row: 3, sku: 'NULB', message: 'name contains a character that is not allowed (U+0000)' },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/inventory?search=NUL',
      headers: bearer(a.admin.token),
    });
    expect(
      list
        .json()
        .data.map((p: { sku: string }) => p.sku)
        .sort(),
    ).toEqual(['NULA', 'NULC']);
  });

  it('refuses a file name with a control character, importing nothing', async () => {
    const before = await tableDigests(t);
    const body = multipartBody('name,sku\nJar,NULD\n', 'stock\u0001.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(a.admin.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file name contains a character that is not allowed (U+0001)');
    expect(await tableDigests(t)).toEqual(before);
  });
});
