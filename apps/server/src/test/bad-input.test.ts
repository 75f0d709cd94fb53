import {
  API_MESSAGES,
  CHAT_MESSAGES,
  CSV_MESSAGES,
  FIXED_INTERFACE_MESSAGES,
  GS1_PREFIX_MESSAGES,
  IMPINJ_MESSAGES,
  READS_FILE_MESSAGES,
  SHIPMENT_MESSAGES,
  TEAM_MESSAGES,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_POLICY } from '../plugins/access-policy.ts';
import { bearer, registerUser } from './factories.ts';
import { pairReader } from './readers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const UUID = '6f1c2a52-8d0c-4c4e-9b8e-0a4d3f3b2c11';
const EPC = '5155414E5449435330303031';

/**
 * Every route that takes a body, with bodies that must be refused. A route that takes a body and is missing
 * here fails the first test, so new routes join this table.
 */
const BAD_PRODUCTS = [
  {},
  { name: 'Jar' },
  { sku: 'JAR1' },
  { name: 'Jar', sku: 'JAR-1' },
  { name: 'Jar', sku: 'ABCDEFGHIJKLM' },
  { name: 'Jar', sku: 'JAR1', quantity: -1 },
  { name: 'Jar', sku: 'JAR1', quantity: '5' },
  { name: 'Jar', sku: 'JAR1', quantity: 2_147_483_648 },
  { name: 'Jar', sku: 'JAR1', unit_cost: 0.001 },
  { name: 'Jar', sku: 'JAR1', retail_price: -5 },
  { name: 'Jar', sku: 'JAR1', expiration_date: '31/12/2030' },
  { name: 'Jar', sku: 'JAR1', location_id: 'shelf' },
  { name: 'Jar', sku: 'JAR1', location_id: 2_147_483_648 },
  { name: 'x'.repeat(201), sku: 'JAR1' },
  { name: 'Jar', sku: 'JAR1', description: 'x'.repeat(2001) },
  { name: ['Jar'], sku: 'JAR1' },
  // Stock by location: a list of places, each once, whole units, at least one.
  { name: 'Jar', sku: 'JAR1', stock: [] },
  { name: 'Jar', sku: 'JAR1', stock: 'shelf' },
  { name: 'Jar', sku: 'JAR1', stock: [5] },
  { name: 'Jar', sku: 'JAR1', stock: [{ quantity: 1 }] },
  { name: 'Jar', sku: 'JAR1', stock: [{ location_id: null }] },
  { name: 'Jar', sku: 'JAR1', stock: [{ location_id: null, quantity: -1 }] },
  { name: 'Jar', sku: 'JAR1', stock: [{ location_id: null, quantity: 1.5 }] },
  { name: 'Jar', sku: 'JAR1', stock: [{ location_id: 'shelf', quantity: 1 }] },
  {
    name: 'Jar',
    sku: 'JAR1',
    stock: [
      { location_id: null, quantity: 1 },
      { location_id: '', quantity: 2 },
    ],
  },
  { name: 'Jar', sku: 'JAR1', quantity: 2, stock: [{ location_id: null, quantity: 2 }] },
  {
    name: 'Jar',
    sku: 'JAR1',
    stock: Array.from({ length: 501 }, (_, i) => ({ location_id: i + 1, quantity: 1 })),
  },
];
const PLAN = { name: 'Floor', location_ids: [1], every_days: 7, grace_days: 0, blind: false };
const BAD_PLANS = [
  {},
  { ...PLAN, name: '' },
  { ...PLAN, name: 'x'.repeat(101) },
  { ...PLAN, every_days: undefined },
  { ...PLAN, weekdays: [1] },
  { ...PLAN, every_days: 0 },
  { ...PLAN, every_days: 1.5 },
  { ...PLAN, every_days: undefined, weekdays: [0] },
  { ...PLAN, every_days: undefined, weekdays: [] },
  { ...PLAN, every_days: undefined, month_day: 29 },
  { ...PLAN, grace_days: -1 },
  { ...PLAN, grace_days: undefined },
  { ...PLAN, blind: 'no' },
  { ...PLAN, location_ids: [] },
  { ...PLAN, location_ids: 'all' },
  { ...PLAN, location_ids: [0] },
  { ...PLAN, rooms: [5] },
  { ...PLAN, duration_minutes: 30 },
  { ...PLAN, device_id: 'x' },
  { ...PLAN, assignee_user_id: -2 },
  // Valid shapes that name nothing of the company's.
  { ...PLAN, location_ids: [2_000_000_000] },
  { ...PLAN, location_ids: [], rooms: ['Vault'] },
];
const BAD_LOCATIONS = [
  {},
  { name: '' },
  { name: '   ' },
  { name: 5 },
  { name: 'x'.repeat(101) },
  { name: 'Shelf', parent_location_id: 'top' },
  { name: 'Shelf', parent_location_id: -1 },
  { name: 'Shelf', description: 'x'.repeat(501) },
];

const BAD_BODIES: Record<string, unknown[]> = {
  'POST /api/waitlist': [
    {},
    { name: 'Jo' },
    { name: 42, email: 'a@b.co' },
    { name: 'Jo', email: ['a@b.co'] },
    { name: 'Jo', email: 'a@b.co', company: { x: 1 } },
    { name: '@@', email: 'a@b.co' },
  ],
  'POST /api/auth/register': [
    {},
    { email: 'a@b.co' },
    { email: 'not-email', password: 'secret1' },
    { email: 'a@b.co', password: 123456 },
    { email: 'a@b.co', password: 'secret1', useDutchie: 'yes' },
    { email: 'a@b.co', password: 'secret1', useDutchie: true },
    { email: 'a@b.co', password: 'x'.repeat(5000) },
    { email: `${'a'.repeat(300)}@b.co`, password: 'secret1' },
  ],
  'POST /api/auth/login': [
    {},
    { email: 'a@b.co' },
    { email: 1, password: 'x' },
    { email: 'a@b.co', password: null },
  ],
  'POST /api/auth/forgot-password': [{}, { email: '' }, { email: 'nope' }, { email: ['a@b.co'] }],
  'POST /api/auth/reset-password': [
    {},
    { token: 'abc' },
    { password: 'long-enough-1' },
    { token: 'abc', password: 'short' },
    { token: 1, password: 'long-enough-1' },
    { token: 'x'.repeat(201), password: 'long-enough-1' },
  ],
  'PUT /api/settings/profile': [
    {},
    { name: '', email: 'a@b.co' },
    { name: 'Ann', email: 'nope' },
    { name: 1, email: 'a@b.co' },
    { name: 'Ann', email: 'a@b.co', phone: 'call me' },
    { name: 'Ann', email: 'a@b.co', company: { x: 1 } },
    { name: 'x'.repeat(101), email: 'a@b.co' },
  ],
  'PUT /api/settings/password': [
    {},
    { currentPassword: 'x' },
    { currentPassword: 'x', newPassword: 'short' },
    { currentPassword: 1, newPassword: 'long-enough-1' },
  ],
  'PUT /api/settings/appearance': [{}, { theme: 'blue' }, { theme: 1 }],
  'POST /api/settings/2fa/verify': [{}, { code: '12345' }, { code: 123456 }, { code: 'abcdef' }],
  'POST /api/settings/2fa/disable': [{}, { password: '' }, { password: 1 }, { password: 'x', code: 5 }],
  'POST /api/settings/2fa/regenerate-codes': [{}, { password: '' }, { password: null }],
  'POST /api/auth/logout': [],
  'POST /api/team/invite': [
    {},
    { email: 'a@b.co', name: 'Ann' },
    { email: 'not-an-email', name: 'Ann', role: 'member' },
    { email: 'a@b.co', name: 'Ann', role: 'owner' },
    { email: 'a@b.co', name: 42, role: 'member' },
    { email: 'a@b.co', name: 'Ann', role: 'member', message: 'x'.repeat(1001) },
    { email: 'a@b.co', name: 'x'.repeat(101), role: 'member' },
  ],
  'PUT /api/team/members/:id': [{}, { role: 'owner' }, { role: 1 }, { role: null }],
  'POST /api/team/resend-invite/:id': [],
  'POST /api/team/accept-invite': [
    {},
    { token: '' },
    { token: 42 },
    { token: 'x'.repeat(201) },
    { token: 'abc', password: 12345678 },
    { token: 'abc', name: ['Ann'] },
  ],
  'POST /api/team/switch-company': [
    {},
    { companyId: 'abc' },
    { companyId: '1' },
    { companyId: -1 },
    { companyId: 1.5 },
    { companyId: 2_147_483_648 },
  ],
  'POST /api/companies': [{}, { name: '' }, { name: '   ' }, { name: 5 }, { name: 'x'.repeat(256) }],
  'PUT /api/companies/:id': [
    {},
    { name: '' },
    { name: null },
    { name: 'x'.repeat(256) },
    { require_two_factor: 'yes' },
    { require_two_factor: null },
    { require_two_factor: 1 },
    { time_zone: 'Mars/Olympus_Mons' },
    { time_zone: '' },
    { time_zone: 7 },
    { time_zone: 'x'.repeat(65) },
  ],
  'POST /api/count-plans': BAD_PLANS,
  'PUT /api/count-plans/:id': BAD_PLANS,
  'POST /api/inventory': BAD_PRODUCTS,
  'PUT /api/inventory/:id': BAD_PRODUCTS,
  // Not multipart: there is no file in a JSON body.
  'POST /api/inventory/bulk-upload': [{}, { file: 'name,sku\nA,B' }],
  'POST /api/inventory/movements': [
    {},
    { movements: [] },
    { movements: 'sale' },
    { movements: [{}] },
    { movements: [{ sku: 'A1', delta: 0, reason: 'sale' }] },
    { movements: [{ sku: 'A1', delta: '-1', reason: 'sale' }] },
    { movements: [{ sku: 'A1', delta: -1, reason: 'count' }] },
    { movements: [{ sku: 'A1', delta: -1, reason: 'sale', at: 'soon' }] },
    { movements: [{ sku: 'A1', product_id: 1, delta: -1, reason: 'sale' }] },
    { movements: [{ sku: 'A1', delta: -1, reason: 'sale', client_id: '' }] },
    { movements: [{ sku: 'A1', delta: -1, reason: 'sale', reference: 'x'.repeat(201) }] },
    { movements: [null] },
  ],
  // Not multipart: there is no file in a JSON body.
  'POST /api/inventory/movements/import': [{}, { file: 'sku,delta,reason\nA1,-1,sale' }],
  'POST /api/shipments': [
    {},
    { reference: 'R1' },
    { reference: 'R1', destination_location_id: 'dock', lines: [{ sku: 'A1', quantity: 1 }] },
    { reference: '', destination_location_id: 1, lines: [{ sku: 'A1', quantity: 1 }] },
    { reference: 'R1', destination_location_id: 1, lines: [] },
    { reference: 'R1', destination_location_id: 1, lines: [{ quantity: 1 }] },
    { reference: 'R1', destination_location_id: 1, lines: [{ sku: 'A1', quantity: -1 }] },
    { reference: 'R1', destination_location_id: 1, lines: [{ sku: 'A1', quantity: '1' }] },
    { reference: 'R1', destination_location_id: 1, cartons: [{ sscc: '106141412345678907', lines: [] }] },
    { reference: 'R1', destination_location_id: 1, cartons: 'many' },
    { reference: 'R1', destination_location_id: 1, epcs: ['not an epc'] },
    { reference: 'R1', destination_location_id: 1, expected_at: 'soon', lines: [{ sku: 'A1', quantity: 1 }] },
  ],
  // Not multipart: there is no file in a JSON body.
  'POST /api/shipments/import': [{}, { file: 'reference,destination,sku,quantity\nR1,Dock,A1,1' }],
  // Takes no body: the unknown shipment is what it answers.
  'POST /api/shipments/:id/send': [],
  'POST /api/locations': BAD_LOCATIONS,
  'PUT /api/locations/:id': BAD_LOCATIONS,
  'POST /api/locations/kinds': [
    { confirmed: 'x' },
    { confirmed: [{ id: 1, kind: 'attic' }] },
    { confirmed: [{ id: 'a', kind: 'store' }] },
    { dismissed: ['a'] },
    { dismissed: [-1] },
  ],
  'PUT /api/devices/:id/antennas': [
    {},
    { antennas: 'x' },
    { antennas: [{ port: -1, location_id: 1 }] },
    { antennas: [{ port: 1.5, location_id: 1 }] },
    { antennas: [{ port: 1, location_id: 'x' }] },
    { antennas: [{ port: 1, location_id: 1, name: 'x'.repeat(101) }] },
    {
      antennas: [
        { port: 1, location_id: 1 },
        { port: 1, location_id: 1 },
      ],
    },
  ],
  'PUT /api/replenishment/minimum': [
    {},
    { product_id: 1 },
    { product_id: 'x', min_quantity: 1 },
    { product_id: 1, min_quantity: -1 },
    { product_id: 1, min_quantity: 1.5 },
    { product_id: 1, location_id: 0, min_quantity: 1 },
  ],
  'POST /api/replenishment/moved': [
    {},
    { location_id: 1, product_id: 1, from_location_id: 2, to_location_id: 3 },
    { location_id: 1, product_id: 1, from_location_id: 2, to_location_id: 3, quantity: 0 },
    { location_id: 1, product_id: 1, from_location_id: 2, to_location_id: 3, quantity: 'x' },
    { location_id: 'x', product_id: 1, from_location_id: 2, to_location_id: 3, quantity: 1 },
  ],
  'PUT /api/settings/metrc': [
    {},
    { apiKey: '', licenseNumber: 'C10-0000001-LIC' },
    { apiKey: 'has a space', licenseNumber: 'C10-0000001-LIC' },
    { apiKey: 'x'.repeat(201), licenseNumber: 'C10-0000001-LIC' },
    { apiKey: 'user_key_1234' },
    { apiKey: 'user_key_1234', licenseNumber: 'C10 0000001' },
    { apiKey: 'user_key_1234', licenseNumber: 'C10-0000001-LIC', locationId: 'x' },
    { apiKey: 'user_key_1234', licenseNumber: 'C10-0000001-LIC', locationId: -1 },
  ],
  'PUT /api/settings/dutchie': [
    {},
    { apiKey: '' },
    { apiKey: '   ' },
    { apiKey: 5 },
    { apiKey: 'x'.repeat(501) },
  ],
  'POST /api/print/print': [
    {},
    { quantity: 1, printerName: 'Zebra' },
    { quantity: 0, printerName: 'Zebra', productInfo: { sku: 'A1' } },
    { quantity: 2.5, printerName: 'Zebra', productInfo: { sku: 'A1' } },
    { quantity: '2', printerName: 'Zebra', productInfo: { sku: 'A1' } },
    { quantity: 1, printerName: '', productInfo: { sku: 'A1' } },
    { quantity: 1, printerName: 'Zebra', productInfo: { sku: '' } },
    { quantity: 1, printerName: 'Zebra', productInfo: 'A1' },
    { quantity: 1, printerName: 'x'.repeat(201), productInfo: { sku: 'A1' } },
    { zpl: 5, quantity: 1, printerName: 'Zebra', productInfo: { sku: 'A1' } },
  ],
  'PUT /api/print/label-settings': [
    {},
    { widthInches: 2, heightInches: 1 },
    { widthInches: 2, heightInches: 1, dpi: 204 },
    { widthInches: 0.1, heightInches: 1, dpi: 203 },
    { widthInches: 2, heightInches: 20, dpi: 203 },
    { widthInches: '2', heightInches: 1, dpi: 203 },
  ],
  'PUT /api/print/gs1-prefixes': [
    {},
    { prefixes: '0614141' },
    { prefixes: [614141] },
    { prefixes: ['06141'] },
    { prefixes: ['0614141234567'] },
    { prefixes: ['06141A1'] },
    { prefixes: ['0614141', '0614141'] },
    { prefixes: ['061414', '0614141'] },
    { prefixes: Array.from({ length: 101 }, (_, i) => String(100000 + i)) },
  ],
  'POST /api/print/agents': [{}, { name: '' }, { name: '   ' }, { name: 7 }, { name: 'x'.repeat(101) }],
  'POST /api/devices': [
    {},
    { name: 'Dock' },
    { name: '', serial_number: 'SN1' },
    { name: 'Dock', serial_number: 'has space' },
    { name: 1, serial_number: 'SN1' },
    { name: 'x'.repeat(101), serial_number: 'SN1' },
    { name: 'Dock', serial_number: 'x'.repeat(101) },
  ],
  'POST /api/devices/fixed': [
    {},
    { name: 'Dock' },
    { name: '', serial_number: 'R700-1' },
    { name: 'Dock', serial_number: 'has space' },
    { name: 'Dock', serial_number: 'R700-1', model: 5 },
    { name: 'Dock', serial_number: 'R700-1', model: 'x'.repeat(101) },
    { name: 'Dock', serial_number: 'R700-1', location_id: 'store' },
    { name: 'Dock', serial_number: 'R700-1', location_id: 0 },
    { name: 'Dock', serial_number: 'R700-1', room: 5 },
    { name: 'Dock', serial_number: 'R700-1', interface: 'zebra' },
    { name: 'Dock', serial_number: 'R700-1', interface: 7 },
    // A local catalogue's reader has a home location, not a Dutchie room.
    { name: 'Dock', serial_number: 'R700-1', room: 'Sales Floor' },
  ],
  'POST /api/devices/:id/counts': [
    { location_id: 'x' },
    { location_id: -1 },
    { name: 5 },
    { name: 'x'.repeat(201) },
    { room: 5 },
    { duration_minutes: 0 },
    { duration_minutes: 1.5 },
    { duration_minutes: '30' },
    { duration_minutes: 100_000 },
  ],
  // The R700's body: a JSON array of events (the fixed reader holds an open count, so nothing half-stored shows).
  'POST /api/rfid/impinj/events': [
    {},
    { eventType: 'tagInventory' },
    [{}],
    [{ eventType: 5 }],
    [{ eventType: 'tagInventory' }],
    [{ eventType: 'tagInventory', tagInventoryEvent: 'x' }],
    [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'xyz' } }],
    [
      { eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC } },
      { eventType: 'tagInventory', tagInventoryEvent: {} },
    ],
    [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC, tidHex: 'zz' } }],
    [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC, peakRssiCdbm: 'loud' } }],
    [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC, peakRssiCdbm: -5350.5 } }],
    [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC, lastSeenTime: 'yesterday' } }],
    Array.from({ length: 5001 }, () => ({ eventType: 'tagInventory', tagInventoryEvent: { epcHex: EPC } })),
  ],
  // Zebra's IoT Connector: an event or an array of them; tag events need their data.
  'POST /api/rfid/zebra/events': [
    {},
    [{}],
    [{ type: 5 }],
    [{ type: 'INVENTORY' }],
    [{ type: 'INVENTORY', data: { idHex: 'xyz' } }],
    [{ type: 'SIMPLE', data: { idHex: EPC, format: 'tid' } }],
    [{ type: 'INVENTORY', data: { idHex: EPC, TID: 'zz' } }],
    [{ type: 'INVENTORY', data: { idHex: EPC, peakRssi: 'loud' } }],
    [{ type: 'INVENTORY', data: { idHex: EPC, reads: 0 } }],
    [{ type: 'INVENTORY', timestamp: 'now', data: { idHex: EPC } }],
    Array.from({ length: 5001 }, () => ({ type: 'SIMPLE', data: { idHex: EPC } })),
  ],
  // Speedway Connect: a tag read, a list, or { tag_reads }.
  'POST /api/rfid/speedway/events': [
    {},
    [{}],
    { tag_reads: 'x' },
    [{ epc: 'xyz' }],
    [{ epc: EPC, tid: 'zz' }],
    [{ epc: EPC, peakRssi: 'loud' }],
    [{ epc: EPC, firstSeenTimestamp: 'now' }],
    [{ epc: EPC, isHeartBeat: 'yes' }],
    Array.from({ length: 5001 }, () => ({ epc: EPC })),
  ],
  'PUT /api/devices/:id': [{}, { name: '' }, { name: null }, { name: 'x'.repeat(101) }],
  'POST /api/devices/browser': [
    {},
    { name: '' },
    { name: '   ' },
    { name: 5 },
    { name: 'x'.repeat(101) },
    { name: 'Line\nbreak' },
  ],
  'POST /api/rfid/register/confirm': [
    {},
    { code: '12345' },
    { code: 123456 },
    { code: 'abcdef' },
    { code: '1234567' },
  ],
  'PATCH /api/audits/:id/comments': [{}, { comments: 5 }, { comments: 'x'.repeat(2001) }],
  // Not multipart: there is no file in a JSON body.
  'POST /api/audits/import': [{}, { file: '3034257BF400B7800004CB2F' }],
  // EPCIS documents: checked by the EPCIS contract (the path of the first error), not a route schema.
  'POST /api/epcis/capture': [
    {},
    { type: 'EPCISDocument' },
    {
      '@context': 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-11-29T10:00:00Z',
      epcisBody: { eventList: [{ type: 'ObjectEvent', action: 'OBSERVE', epcList: [] }] },
    },
  ],
  'POST /api/audits/:id/apply-counts': [
    {},
    { reason: '' },
    { reason: 'x', discrepancy_ids: 'all' },
    { reason: 'x', discrepancy_ids: [] },
    { reason: 'x', discrepancy_ids: [-1] },
    { reason: 'x'.repeat(501) },
  ],
  'POST /api/audits/:id/review': [
    {},
    { lines: [] },
    { lines: 'all' },
    { lines: [{ discrepancy_id: 1, decision: 'maybe' }] },
    { lines: [{ discrepancy_id: 'x', decision: 'approve' }] },
    { lines: [{ discrepancy_id: 1, decision: 'approve', reason_code: 5 }] },
    { lines: [{ discrepancy_id: 1, decision: 'reject', note: 'x'.repeat(501) }] },
  ],
  'POST /api/audits/:id/recount': [
    { discrepancy_ids: [] },
    { discrepancy_ids: 'all' },
    { discrepancy_ids: [0] },
    { device_id: -1 },
  ],
  'PUT /api/companies/:id/count-policy': [
    {},
    { approval_units: 0, approval_value: null },
    { approval_units: 1.5, approval_value: null },
    { approval_units: null, approval_value: 'ten' },
    { approval_units: null, approval_value: 0.001 },
    { approval_units: null, approval_value: -1 },
  ],
  'POST /api/reason-codes': [
    {},
    { code: '', label: 'Empty' },
    { code: 'A B', label: 'Space' },
    { code: 'OK', label: '' },
    { code: 'x'.repeat(33), label: 'Long' },
    { code: 'OK', label: 'x'.repeat(81) },
  ],
  'PUT /api/reason-codes/:id': [{}, { label: '' }, { retired: 'yes' }],
  'POST /api/rfid/register/start': [
    {},
    { serial_number: '' },
    { serial_number: 5 },
    { serial_number: 'a b' },
    { serial_number: 'SN1', model: 5 },
    { serial_number: 'x'.repeat(101) },
  ],
  'POST /api/rfid/register/poll': [
    {},
    { pairing_id: 'abc', poll_secret: 'x' },
    { pairing_id: UUID },
    { pairing_id: UUID, poll_secret: '' },
    { pairing_id: UUID, poll_secret: 7 },
  ],
  'POST /api/rfid/heartbeat': [
    {},
    { battery_level: 101, signal_strength: 1 },
    { battery_level: 50, signal_strength: 5 },
    { battery_level: '50', signal_strength: 1 },
    { battery_level: 50.5, signal_strength: 1 },
    { battery_level: -1, signal_strength: 0 },
  ],
  'POST /api/rfid/audits': [
    {},
    { client_audit_id: 'not-a-uuid' },
    { client_audit_id: UUID, location_id: 'x' },
    { client_audit_id: UUID, location_id: 0 },
    { client_audit_id: UUID, name: 5 },
    { client_audit_id: UUID, audit_type: 'x'.repeat(51) },
    { client_audit_id: UUID, room: 5 },
    { client_audit_id: UUID, room: 'x'.repeat(101) },
    // A local catalogue's audits take a location, not a Dutchie room.
    { client_audit_id: UUID, room: 'Sales Floor' },
    { client_audit_id: UUID, plan_id: 'x' },
    { client_audit_id: UUID, plan_id: 0 },
  ],
  'POST /api/rfid/audits/:audit_id/reads': [
    {},
    { batch_seq: 0 },
    { reads: [] },
    { batch_seq: -1, reads: [] },
    { batch_seq: 1.5, reads: [] },
    // Each reader of a team count numbers its own batches below 1,000,000.
    { batch_seq: 1_000_000, reads: [] },
    { batch_seq: 0, reads: 'all' },
    { batch_seq: 0, reads: [{ epc: 'xyz' }] },
    { batch_seq: 0, reads: [{ epc: EPC, tid: 'zz' }] },
    { batch_seq: 0, reads: [{ epc: EPC, rssi: 'loud' }] },
    { batch_seq: 0, reads: [{ epc: EPC, count: 0 }] },
    { batch_seq: 0, reads: [{ epc: EPC, seen_at: 'yesterday' }] },
    { batch_seq: 0, reads: [{}] },
    { batch_seq: 0, reads: [{ epc: EPC, code: 'CP100115' }] },
    { batch_seq: 0, reads: [{ epc: EPC, quantity: 2 }] },
    { batch_seq: 0, reads: [{ code: '' }] },
    { batch_seq: 0, reads: [{ code: '   ' }] },
    { batch_seq: 0, reads: [{ code: 'x'.repeat(201) }] },
    { batch_seq: 0, reads: [{ code: 12345 }] },
    { batch_seq: 0, reads: [{ code: 'A\u0007B' }] },
    { batch_seq: 0, reads: [{ code: 'CP100115', quantity: 0 }] },
    { batch_seq: 0, reads: [{ code: 'CP100115', quantity: 1.5 }] },
    { batch_seq: 0, reads: [{ code: 'CP100115', quantity: 100_001 }] },
    { batch_seq: 0, reads: Array.from({ length: 5001 }, () => ({ epc: EPC })) },
  ],
  'POST /api/chat/conversations': [
    {},
    { title: '' },
    { title: '  ' },
    { title: 5 },
    { title: 'x'.repeat(501) },
  ],
  'PUT /api/chat/conversations/:id': [{}, { title: '' }, { is_active: 'yes' }, { title: null }],
  'POST /api/chat/conversations/:id/messages': [
    {},
    { content: 'hi' },
    { content: '', sender: 'user' },
    { content: 'hi', sender: 'robot' },
    { content: 'x'.repeat(8001), sender: 'user' },
    { content: 'hi', sender: 'user', metadata: 'x' },
  ],
  'POST /api/chatbot': [
    {},
    { messages: [] },
    { messages: 'hello' },
    { messages: [{ role: 'user', content: '   ' }] },
    { messages: [{ role: 'assistant', content: 'hi' }] },
    { messages: [{ role: 'system', content: 'hi' }] },
    { messages: [{ role: 'user', content: 'x'.repeat(8001) }] },
    { messages: [{ role: 'user', content: 'hi' }], conversation_id: 'one' },
    { messages: [{ role: 'user', content: 'hi' }], image: 'data:text/html;base64,PGI+' },
    { messages: Array.from({ length: 41 }, () => ({ role: 'user', content: 'hi' })) },
  ],
  'POST /api/rfid/audits/:audit_id/complete': [
    {},
    { batch_count: -1 },
    { batch_count: 'two' },
    { batch_count: 1.5 },
    { batch_count: 1_000_001 },
  ],
  'POST /api/audits/:id/participants': [{}, { device_id: 'dock' }, { device_id: 0 }, { device_id: 1.5 }],
  'POST /api/rfid/audits/:audit_id/sheet/lookup': [
    { epcs: 'E2801160600002000000A001' },
    { epcs: ['not an epc'] },
    { codes: [''] },
    { codes: [42] },
    { epcs: Array.from({ length: 150 }, () => 'E2801160600002000000A001'), codes: Array(60).fill('SKU') },
  ],
  'POST /api/notifications/read': [
    { ids: 'all' },
    { ids: [-1] },
    { ids: [1.5] },
    { ids: ['1'] },
    { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
  ],
  'PUT /api/settings/notifications': [
    {},
    { email_events: ['audit.exploded'], accuracy_below: null, digest_hour: null, time_zone: 'UTC' },
    { email_events: 'audit.completed', accuracy_below: null, digest_hour: null, time_zone: 'UTC' },
    { email_events: [], accuracy_below: 0, digest_hour: null, time_zone: 'UTC' },
    { email_events: [], accuracy_below: '90', digest_hour: null, time_zone: 'UTC' },
    { email_events: [], accuracy_below: null, digest_hour: 24, time_zone: 'UTC' },
    { email_events: [], accuracy_below: null, digest_hour: 8.5, time_zone: 'UTC' },
    { email_events: [], accuracy_below: null, digest_hour: 8, time_zone: 'Nowhere/Special' },
    { email_events: [], accuracy_below: null, digest_hour: 8, time_zone: 'x'.repeat(65) },
  ],
  'POST /api/webhooks': [
    {},
    { url: 'https://example.com/hook' },
    { url: 'ftp://example.com/hook', events: ['audit.completed'] },
    { url: 'not a url', events: ['audit.completed'] },
    { url: 'https://user:pw@example.com/hook', events: ['audit.completed'] },
    { url: `https://example.com/${'x'.repeat(2001)}`, events: ['audit.completed'] },
    { url: 'https://example.com/hook', events: [] },
    { url: 'https://example.com/hook', events: ['audit.exploded'] },
    { url: 'https://example.com/hook', events: ['audit.completed'], enabled: 'yes' },
    { url: 'http://127.0.0.1:9/hook', events: ['audit.completed'] },
  ],
  'PUT /api/webhooks/:id': [
    { url: 'ftp://example.com/hook' },
    { events: [] },
    { events: ['nope'] },
    { enabled: 'no' },
  ],
  'POST /api/api-keys': [
    {},
    { name: '', scopes: ['inventory:read'] },
    { name: '   ', scopes: ['inventory:read'] },
    { name: 'x'.repeat(101), scopes: ['inventory:read'] },
    { name: ['Till'], scopes: ['inventory:read'] },
    { name: 'Till' },
    { name: 'Till', scopes: [] },
    { name: 'Till', scopes: 'inventory:read' },
    { name: 'Till', scopes: ['inventory:admin'] },
    { name: 'Till', scopes: ['inventory:read', 'inventory:read'] },
    { name: 'Till', scopes: Array(50).fill('inventory:read') },
  ],
};

/** Bodies no route accepts. */
type Refusal = [status: number, message: string];
const notAnObject: Refusal = [400, API_MESSAGES.notAnObject('body')];
/** Bodies no route takes, each with the refusal every route answers unless GENERIC_EXCEPTIONS says otherwise. */
const GENERIC: { name: string; payload: string; contentType: string; refusal: Refusal }[] = [
  {
    name: 'malformed JSON',
    payload: '{"email": ',
    contentType: 'application/json',
    refusal: [400, API_MESSAGES.bodyNotJson],
  },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json', refusal: notAnObject },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json', refusal: notAnObject },
  { name: 'JSON null', payload: 'null', contentType: 'application/json', refusal: notAnObject },
  {
    name: 'an oversized body',
    payload: JSON.stringify({ email: 'x'.repeat(1_200_000) }),
    contentType: 'application/json',
    refusal: [413, API_MESSAGES.bodyTooLarge],
  },
  {
    name: 'an unsupported content type',
    payload: 'email=a@b.co',
    contentType: 'application/xml',
    refusal: [415, API_MESSAGES.unsupportedContentType],
  },
];
/** A route's own answer to the three JSON bodies that are not objects. */
const notObjects = (refusal: Refusal) => ({
  'a JSON array': refusal,
  'a JSON string': refusal,
  'JSON null': refusal,
});
/** Routes whose own rules answer some of GENERIC first: a body that is not an object, or a larger body limit. */
const GENERIC_EXCEPTIONS: Record<string, Record<string, Refusal>> = {
  // Takes no body: the unknown invitation is what it answers.
  'POST /api/team/resend-invite/:id': notObjects([404, TEAM_MESSAGES.invitationNotFound]),
  // Multipart: any JSON is a request without the file.
  'POST /api/inventory/bulk-upload': notObjects([400, CSV_MESSAGES.noFile]),
  'POST /api/inventory/movements/import': notObjects([400, CSV_MESSAGES.noFile]),
  'POST /api/shipments/import': notObjects([400, CSV_MESSAGES.noFile]),
  'POST /api/shipments/:id/send': notObjects([404, SHIPMENT_MESSAGES.notFound]),
  'POST /api/audits/import': notObjects([400, READS_FILE_MESSAGES.noFile]),
  // An EPCIS document: its contract names what is wrong, and it may be up to 20 MB.
  'POST /api/epcis/capture': {
    ...notObjects([400, '(document): must be a JSON object']),
    'an oversized body': [400, '@context: is required'],
  },
  // The body is a list.
  'PUT /api/print/gs1-prefixes': notObjects([400, GS1_PREFIX_MESSAGES.listRequired]),
  'POST /api/rfid/impinj/events': {
    'a JSON array': [400, IMPINJ_MESSAGES.eventNotObject],
    'a JSON string': [400, IMPINJ_MESSAGES.notAList],
    'JSON null': [400, IMPINJ_MESSAGES.notAList],
    'an oversized body': [400, IMPINJ_MESSAGES.notAList],
  },
  // Their bodies may be one object: an oversized one is read (4 MB limit), then refused by its shape.
  'POST /api/rfid/zebra/events': {
    'a JSON array': [400, FIXED_INTERFACE_MESSAGES.zebraEventNotObject],
    'a JSON string': [400, FIXED_INTERFACE_MESSAGES.zebraNotEvents],
    'JSON null': [400, FIXED_INTERFACE_MESSAGES.zebraNotEvents],
    'an oversized body': [400, FIXED_INTERFACE_MESSAGES.zebraTypeRequired],
  },
  'POST /api/rfid/speedway/events': {
    'a JSON array': [400, FIXED_INTERFACE_MESSAGES.speedwayTagNotObject],
    'a JSON string': [400, FIXED_INTERFACE_MESSAGES.speedwayNotTags],
    'JSON null': [400, FIXED_INTERFACE_MESSAGES.speedwayNotTags],
    'an oversized body': [400, FIXED_INTERFACE_MESSAGES.speedwayEpc],
  },
  // Larger body limits (a batch of reads, a conversation): the oversized body is read, then refused by its shape.
  'POST /api/rfid/audits/:audit_id/reads': {
    'an oversized body': [400, 'batch_seq must be a whole number of 0 or more'],
  },
  'POST /api/chatbot': { 'an oversized body': [400, CHAT_MESSAGES.messagesRequired] },
};

/** Actions that take no body at all (like logout): they ignore one, so there is nothing to refuse. */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/settings/2fa/setup',
  'POST /api/settings/onboarding/complete',
  'POST /api/onboarding/dismiss',
  'POST /api/print/agent/logout',
  // Read the company's Metrc manifests now: nothing to send.
  'POST /api/settings/metrc/sync',
  'POST /api/devices/:id/webhook-password',
  'POST /api/devices/:id/counts/finish',
  'POST /api/audits/:id/finish',
  'POST /api/rfid/audits/:audit_id/join',
  'POST /api/settings/sessions/revoke-others',
  'POST /api/team/two-factor-reminders',
  'POST /api/team/members/:id/sign-out',
  'POST /api/webhooks/:id/test',
  // A mail client's one-click POST: its body says nothing (the token in the link is what counts).
  'POST /api/notifications/unsubscribe',
]);
const takesBody = (key: string) => /^(POST|PUT|PATCH) /.test(key) && !NO_BODY.has(key);

let t: TestApp;
let userToken: string;
let deviceToken: string;
/** Reader routes take a device token (a session would be refused before the body is read), the rest a session. */
const tokenFor = (key: string) => (ACCESS_POLICY[key] === 'device' ? deviceToken : userToken);
/** A fixed reader's webhook takes HTTP Basic (its serial number and webhook password). */
let webhookAuth: { authorization: string };
const authFor = (key: string) =>
  ACCESS_POLICY[key] === 'fixed-reader' ? webhookAuth : bearer(tokenFor(key));
const counts = async () => {
  const r = await t.database.db.execute(
    sql`select (select count(*) from users) as users, (select count(*) from companies) as companies,
      (select count(*) from waitlist_entries) as waitlist, (select count(*) from devices) as devices,
      (select count(*) from device_pairings) as pairings, (select count(*) from audits) as audits,
      (select count(*) from audit_reads) as reads, (select count(*) from audit_batches) as batches,
      (select count(*) from products) as products, (select count(*) from locations) as locations,
      (select count(*) from chat_conversations) as conversations, (select count(*) from chat_messages) as messages,
      (select count(*) from gs1_prefixes) as gs1_prefixes, (select count(*) from count_plans) as count_plans,
      (select count(*) from api_keys) as api_keys`,
  );
  return JSON.stringify(r.rows);
};

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await registerUser(t.app)).token;
  // The registering user is the company's admin, who may confirm a reader's code.
  deviceToken = (await pairReader(t, { operator: { token: userToken } })).token;
  const fixed = await t.app.inject({
    method: 'POST',
    url: '/api/devices/fixed',
    headers: bearer(userToken),
    payload: { name: 'Dock door', serial_number: 'R700-BAD-INPUT' },
  });
  const { username, password } = fixed.json().webhook;
  webhookAuth = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  const count = await t.app.inject({
    method: 'POST',
    url: `/api/devices/${fixed.json().device.id}/counts`,
    headers: bearer(userToken),
    payload: {},
  });
  expect(count.statusCode).toBe(201);
});
afterAll(() => t.close());

function expectCleanRefusal(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(String(body.message).length).toBeGreaterThan(0);
  expect(res.body, label).not.toMatch(/at .+\.(ts|js):\d+|node_modules|stack/i);
}

describe('bad input on every route', () => {
  it('lists every route that takes a body, and only real routes', () => {
    const bodyRoutes = Object.keys(ACCESS_POLICY).filter(takesBody);
    for (const key of bodyRoutes) expect(BAD_BODIES, `add ${key} to BAD_BODIES`).toHaveProperty([key]);
    for (const key of Object.keys(ACCESS_POLICY)) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${key} is not a route`).toBe(true);
    }
  });

  for (const key of Object.keys(ACCESS_POLICY).filter(takesBody)) {
    const [method, url] = key.split(' ') as ['POST', string];
    const concreteUrl = url.replace(/:(\w+)/g, '1');

    it(`${key} refuses malformed and wrong-shaped bodies with a 4xx message and changes nothing`, async () => {
      const before = await counts();
      for (const g of GENERIC) {
        const res = await t.app.inject({
          method,
          url: concreteUrl,
          headers: { ...authFor(key), 'content-type': g.contentType },
          payload: g.payload,
        });
        expectCleanRefusal(res, `${key} with ${g.name}`);
        expect([res.statusCode, res.json().message], `${key} with ${g.name}`).toEqual(
          GENERIC_EXCEPTIONS[key]?.[g.name] ?? g.refusal,
        );
      }
      // Routes with bad bodies of their own list some (resend-invite takes none: [] on purpose).
      expect(BAD_BODIES, key).toHaveProperty([key]);
      for (const payload of BAD_BODIES[key] ?? []) {
        const res = await t.app.inject({
          method,
          url: concreteUrl,
          headers: authFor(key),
          payload: payload as object,
        });
        expectCleanRefusal(res, `${key} with ${JSON.stringify(payload).slice(0, 80)}`);
        expect(res.statusCode).toBe(400);
      }
      expect(await counts()).toBe(before);
    });
  }

  for (const key of Object.keys(ACCESS_POLICY).filter((k) => k.includes(':'))) {
    const [method, url] = key.split(' ') as ['GET', string];
    it(`${key} refuses ids that are not ids`, async () => {
      for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
        const res = await t.app.inject({
          method,
          url: url.replace(/:(\w+)/g, bad),
          headers: authFor(key),
          payload: {},
        });
        expectCleanRefusal(res, `${key} with id ${bad}`);
      }
    });
  }
});
