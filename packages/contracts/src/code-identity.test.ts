import { describe, expect, it } from 'vitest';
import {
  CODE_MESSAGES,
  codeKey,
  codeProblem,
  describeCode,
  GS,
  identifyCode,
  matchCode,
  type TCodeIdentity,
  upcEToUpcA,
} from './code-identity.ts';
import { sgtin96 } from './gs1.ts';
import { epcFromSku } from './rfid.ts';

// GTINs with right check digits: UPC-A 012345678905, EAN-13 4006381333931, EAN-8 96385074, GTIN-14 10012345678902.
const UPC = '012345678905';
const GTIN_UPC = '00012345678905';
// GS1's example SSCC (General Specifications): extension 1, prefix 0614141, check digit 8.
const SSCC = '106141412345678908';

type Row = [label: string, input: string, expected: Partial<TCodeIdentity>];

const TABLE: Row[] = [
  // EPCs first: 24 hex digits, any case.
  [
    'our SKU tag',
    epcFromSku('CP100115'),
    { kind: 'epc', format: 'EPC', epc: epcFromSku('CP100115'), skuKey: null },
  ],
  [
    'an SGTIN-96 tag',
    sgtin96(GTIN_UPC, 6789, 7),
    { kind: 'epc', format: 'SGTIN', gtin: GTIN_UPC, serial: '6789', serialized: true },
  ],
  [
    'a Metrc label, lower case',
    '1a4ff0300000515000000039',
    { kind: 'epc', format: 'Metrc label', epc: '1A4FF0300000515000000039', gtin: null },
  ],
  // Retail barcodes: the check digit checked, zero-padded to GTIN-14, still tried as a SKU.
  ['UPC-A', UPC, { kind: 'gtin', format: 'UPC-A', gtin: GTIN_UPC, skuKey: UPC, serialized: false }],
  [
    'UPC-A with a wrong check digit',
    '012345678906',
    { kind: 'gtin', gtin: null, reason: CODE_MESSAGES.checkDigit },
  ],
  ['EAN-13', '4006381333931', { kind: 'gtin', format: 'EAN-13', gtin: '04006381333931' }],
  ['EAN-13 with a wrong check digit', '4006381333932', { gtin: null, reason: 'GTIN check digit is wrong' }],
  ['GTIN-14 / ITF-14', '10012345678902', { kind: 'gtin', format: 'GTIN-14', gtin: '10012345678902' }],
  ['EAN-8 (not a UPC-E: starts 9)', '96385074', { format: 'EAN-8', gtin: '00000096385074', altGtin: null }],
  // 04252614 is UPC-E for UPC-A 042100005264; its EAN-8 check digit is wrong, so it is only a UPC-E.
  ['UPC-E, expanded to UPC-A', '04252614', { format: 'UPC-E', gtin: '00042100005264', altGtin: null }],
  // Valid both ways: EAN-8 first, the UPC-E's GTIN kept as the alternative.
  [
    '8 digits valid as EAN-8 and as UPC-E',
    '01234565',
    { format: 'EAN-8', gtin: '00000001234565', altGtin: '00012345000065' },
  ],
  // GS1 element strings, as scanners send GS1-128 and GS1 DataMatrix.
  [
    'GS1 DataMatrix with ]d2 and GS',
    `]d201${GTIN_UPC}21ABC123${GS}10LOT7${GS}17261231`,
    {
      kind: 'gs1',
      format: 'GS1 DataMatrix',
      gtin: GTIN_UPC,
      serial: 'ABC123',
      lot: 'LOT7',
      expiry: '2026-12-31',
      serialized: true,
    },
  ],
  [
    'GS1-128 with ]C1, lot only',
    `]C101${GTIN_UPC}10L1`,
    { format: 'GS1-128', gtin: GTIN_UPC, serial: null, lot: 'L1', serialized: false },
  ],
  ['GS1 QR Code with ]Q3', `]Q301${GTIN_UPC}21X`, { format: 'GS1 QR Code', serial: 'X' }],
  ['GS1 DataBar with ]e0', `]e001${GTIN_UPC}2112`, { format: 'GS1 DataBar', serial: '12' }],
  [
    'FNC1 first as GS, no identifier',
    `${GS}01${GTIN_UPC}21S9${GS}10L`,
    { kind: 'gs1', gtin: GTIN_UPC, serial: 'S9', lot: 'L' },
  ],
  [
    'AIs in brackets',
    `(01)${GTIN_UPC}(21)ABC(10)L2`,
    { kind: 'gs1', gtin: GTIN_UPC, serial: 'ABC', lot: 'L2' },
  ],
  ['digits only, 01 then 21', `01${GTIN_UPC}2112345`, { kind: 'gs1', gtin: GTIN_UPC, serial: '12345' }],
  ['other AIs skipped', `01${GTIN_UPC}${GS}240XYZ${GS}21S1`, { gtin: GTIN_UPC, serial: 'S1' }],
  [
    'GS1 with a wrong GTIN check digit',
    `]d20100012345678906${GS}21A`,
    { kind: 'gs1', gtin: null, reason: CODE_MESSAGES.checkDigit },
  ],
  ['GS1 with no GTIN', `]d2${'10LOTONLY'}`, { kind: 'gs1', gtin: null, reason: CODE_MESSAGES.gs1NoGtin }],
  ['GS1 that cannot be read', ']d2ZZZZ', { kind: 'gs1', reason: CODE_MESSAGES.gs1Unreadable }],
  // GS1 element strings with no symbology identifier, GS or brackets: (00) or (01) first, every check digit holding.
  [
    'no identifier: GTIN then a serial with letters',
    '010001234567890521SN3',
    {
      kind: 'gs1',
      format: 'GS1 element string',
      gtin: GTIN_UPC,
      serial: 'SN3',
      serialized: true,
      skuKey: null,
    },
  ],
  [
    'no identifier: GTIN, expiry and a lot',
    `01${GTIN_UPC}17261231${'10'}LOT9`,
    { kind: 'gs1', gtin: GTIN_UPC, expiry: '2026-12-31', lot: 'LOT9', serial: null },
  ],
  [
    'no identifier: an SSCC (a carton label)',
    `00${SSCC}`,
    { kind: 'sscc', format: 'SSCC', sscc: SSCC, gtin: null, skuKey: null, reason: null, serialized: true },
  ],
  [
    'GS1-128 carton label with ]C1',
    `]C100${SSCC}`,
    { kind: 'sscc', format: 'GS1-128 SSCC', sscc: SSCC, gtin: null },
  ],
  [
    'an SSCC with a GTIN stays a GTIN read, its SSCC kept',
    `(00)${SSCC}(01)${GTIN_UPC}`,
    { kind: 'gs1', gtin: GTIN_UPC, sscc: SSCC },
  ],
  // Ambiguous: stays what it was (a SKU) when any check digit fails, a length is short or a part is no AI.
  [
    'no identifier, GTIN check digit wrong',
    '010001234567890621SN3',
    { kind: 'text', skuKey: '010001234567890621SN3' },
  ],
  ['no identifier, SSCC check digit wrong', '00106141412345678907', { kind: 'text', gtin: null, sscc: null }],
  ['no identifier, SSCC one digit short', '0010614141234567890', { kind: 'text', sscc: null }],
  ['no identifier, trailing text no AI reads', `01${GTIN_UPC}ABC`, { kind: 'text' }],
  ['no identifier, a GLN (414) check digit wrong', `01${GTIN_UPC}414061414100041721X`, { kind: 'text' }],
  [
    'no identifier, a GLN (414) right',
    `01${GTIN_UPC}414061414100041821X`,
    { kind: 'gs1', gtin: GTIN_UPC, serial: 'X' },
  ],
  ['bare 18 digits: a SKU, not an SSCC', SSCC, { kind: 'text', sscc: null, skuKey: SSCC }],
  ['a SKU starting 01', '01-SHIRT-RED', { kind: 'text', skuKey: '01-SHIRT-RED' }],
  // GS1 Digital Link: any host, a path before the key, qualifiers in any order, query attributes.
  [
    'Digital Link with a serial',
    `https://id.gs1.org/01/${GTIN_UPC}/21/ABC%2F1`,
    { kind: 'digital_link', format: 'GS1 Digital Link', gtin: GTIN_UPC, serial: 'ABC/1', serialized: true },
  ],
  [
    'Digital Link without a serial',
    `https://example.com/01/${GTIN_UPC}`,
    { kind: 'digital_link', gtin: GTIN_UPC, serialized: false },
  ],
  [
    'Digital Link with a GTIN-13, qualifiers and a query',
    'http://brand.example/shop/01/4006381333931/22/V1/10/L9/21/S5?17=270131&linkType=all',
    { gtin: '04006381333931', serial: 'S5', lot: 'L9', expiry: '2027-01-31' },
  ],
  [
    'Digital Link with a wrong check digit',
    `https://id.gs1.org/01/00012345678906/21/1`,
    { kind: 'digital_link', gtin: null, reason: CODE_MESSAGES.checkDigit },
  ],
  [
    'a web address that is no Digital Link',
    'https://example.com/about',
    { kind: 'text', reason: CODE_MESSAGES.digitalLinkNoGtin, skuKey: null },
  ],
  // SKUs: anything else, any case.
  [
    'our label QR code: a SKU',
    'cp100115',
    { kind: 'text', format: 'Text', skuKey: 'CP100115', serialized: false },
  ],
  [
    'a non-GS1 symbology identifier is dropped',
    ']E04006381333931',
    { kind: 'gtin', format: 'EAN-13', gtin: '04006381333931' },
  ],
  ['digits of no barcode length: a SKU', '12345', { kind: 'text', skuKey: '12345' }],
  ['surrounding spaces are not part of the code', '  CP100115\t', { text: 'CP100115', skuKey: 'CP100115' }],
];

describe('identifyCode: what was read', () => {
  it.each(TABLE)('%s', (_label, input, expected) => {
    expect(identifyCode(input)).toMatchObject(expected);
  });

  it('expands every UPC-E form to its UPC-A (GS1 General Specifications, zero-suppression)', () => {
    expect(upcEToUpcA('01234505')).toBe('012000003455');
    expect(upcEToUpcA('01234515')).toBe('012100003455');
    expect(upcEToUpcA('01234525')).toBe('012200003455');
    expect(upcEToUpcA('01234535')).toBe('012300000455');
    expect(upcEToUpcA('01234545')).toBe('012340000055');
    expect(upcEToUpcA('01234555')).toBe('012345000055');
    expect(upcEToUpcA('01234595')).toBe('012345000095');
    expect(upcEToUpcA('21234565')).toBeNull();
  });

  it('describes a code for the live list', () => {
    expect(describeCode(identifyCode(UPC))).toBe(`UPC-A ${UPC}`);
    expect(describeCode(identifyCode(`]d201${GTIN_UPC}21ABC`))).toBe(
      `GS1 DataMatrix: GTIN ${GTIN_UPC}, serial ABC`,
    );
    expect(describeCode(identifyCode('CP100115'))).toBe('Text CP100115');
    expect(describeCode(identifyCode(`00${SSCC}`))).toBe(`SSCC ${SSCC}`);
  });
});

describe('matchCode: precedence', () => {
  type Item = { name: string; epc: string; gtin: string | null; sku: string };
  const items: Item[] = [
    { name: 'by EPC', epc: epcFromSku('SHIRT1'), gtin: null, sku: 'SHIRT1' },
    { name: 'by GTIN', epc: epcFromSku('MUG1'), gtin: GTIN_UPC, sku: 'MUG1' },
    { name: 'by UPC-E', epc: epcFromSku('CAN1'), gtin: '00012345000065', sku: 'CAN1' },
    { name: 'digits SKU', epc: epcFromSku('012345678905'), gtin: null, sku: '96385074' },
    { name: 'lower SKU', epc: epcFromSku('CP100115'), gtin: null, sku: 'CP100115' },
  ];
  const catalogue = {
    byEpc: (epc: string) => items.find((i) => i.epc === epc),
    byGtin: (gtin: string) => items.find((i) => i.gtin === gtin),
    bySku: (sku: string) => items.find((i) => i.sku === sku),
  };
  const match = (text: string) => matchCode(identifyCode(text), catalogue)?.name;

  it('EPC, then GTIN, then the UPC-E alternative, then SKU', () => {
    expect(match(epcFromSku('SHIRT1'))).toBe('by EPC');
    expect(match(UPC)).toBe('by GTIN');
    expect(match(`]d201${GTIN_UPC}21S1`)).toBe('by GTIN');
    expect(match(`https://id.gs1.org/01/${GTIN_UPC}`)).toBe('by GTIN');
    // EAN-8 01234565 names no product; its UPC-E reading does.
    expect(match('01234565')).toBe('by UPC-E');
    // A GTIN that names no product is still tried as a SKU.
    expect(match('96385074')).toBe('digits SKU');
    expect(match('cp100115')).toBe('lower SKU');
    expect(match('NOPE')).toBeUndefined();
    // A wrong check digit matches no GTIN.
    expect(match('012345678906')).toBeUndefined();
  });

  it('keys: a serial is one unit, plain codes of one GTIN add up', () => {
    expect(codeKey(identifyCode(`]d201${GTIN_UPC}21A`))).toBe(`serial:${GTIN_UPC}:A`);
    expect(codeKey(identifyCode(UPC))).toBe(codeKey(identifyCode(`]C101${GTIN_UPC}10L1`)));
    expect(codeKey(identifyCode('cp100115'))).toBe(codeKey(identifyCode('CP100115')));
    // One carton however often its label is scanned, whichever way the scanner sends it.
    expect(codeKey(identifyCode(`00${SSCC}`))).toBe(`sscc:${SSCC}`);
    expect(codeKey(identifyCode(`]C100${SSCC}`))).toBe(`sscc:${SSCC}`);
    // The plain element string and the DataMatrix of one item are one serial.
    expect(codeKey(identifyCode('010001234567890521SN3'))).toBe(
      codeKey(identifyCode(`]d201${GTIN_UPC}21SN3`)),
    );
  });
});

describe('codeProblem: what a code may hold', () => {
  it('takes GS and printable text up to 200 characters, refuses other control characters', () => {
    expect(codeProblem(`01${GTIN_UPC}${GS}21A`)).toBeUndefined();
    expect(codeProblem('x'.repeat(200))).toBeUndefined();
    expect(codeProblem('x'.repeat(201))).toBe(CODE_MESSAGES.codeRequired);
    expect(codeProblem('   ')).toBe(CODE_MESSAGES.codeRequired);
    expect(codeProblem('A\u0000B')).toBe(CODE_MESSAGES.codeRequired);
    expect(codeProblem('A\u001eB')).toBe(CODE_MESSAGES.codeRequired);
    expect(codeProblem('A\u202eB')).toBe(CODE_MESSAGES.codeRequired);
  });
});
