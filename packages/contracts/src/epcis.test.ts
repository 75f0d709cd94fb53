import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  epcisDocumentProblem,
  placeUri,
  rawTagUri,
  sgtinClassUri,
  sgtinUri,
  tagUri,
  timeZoneOffset,
  ZEpcisDocument,
  ZEpcisQueryDocument,
  ZGln,
} from './epcis.ts';
import { decodeTag, sgtin96 } from './gs1.ts';
import { gtinCheckDigit } from './gtin.ts';

// The standard's own example documents, as GS1 publishes them (testing/epcis-examples/README.md says where from).
const dir = join(import.meta.dirname, 'testing', 'epcis-examples');
const example = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const examples = readdirSync(dir).filter((f) => f.endsWith('.jsonld'));

/** A copy of a published document with one change made to its first event. */
function withFirstEvent(name: string, change: (event: Record<string, unknown>) => void) {
  const doc = example(name);
  change(doc.epcisBody.eventList[0]);
  return doc;
}

describe('EPCIS 2.0 documents (the standard’s examples)', () => {
  it.each(examples)('%s is valid as published', (name) => {
    const doc = example(name);
    const schema = doc.type === 'EPCISQueryDocument' ? ZEpcisQueryDocument : ZEpcisDocument;
    const result = schema.safeParse(doc);
    expect(result.success ? null : result.error.issues[0]).toBeNull();
  });

  it.each([
    [
      'no eventTimeZoneOffset',
      (e: Record<string, unknown>) => delete e.eventTimeZoneOffset,
      'epcisBody.eventList[0].eventTimeZoneOffset',
    ],
    [
      'an offset past +14:00',
      (e: Record<string, unknown>) => (e.eventTimeZoneOffset = '+15:00'),
      'eventTimeZoneOffset',
    ],
    [
      'an unknown action',
      (e: Record<string, unknown>) => (e.action = 'LOOK'),
      'epcisBody.eventList[0].action',
    ],
    [
      'a field that is no URI',
      (e: Record<string, unknown>) => (e.myField = 1),
      'epcisBody.eventList[0].myField',
    ],
    [
      'a CBV business step as a full URI',
      (e: Record<string, unknown>) => (e.bizStep = 'urn:epcglobal:cbv:bizstep:shipping'),
      'bizStep',
    ],
    ['an EPC that is no URI', (e: Record<string, unknown>) => (e.epcList = ['not a uri']), 'epcList[0]'],
    ['the same EPC twice', (e: Record<string, unknown>) => (e.epcList = ['urn:x:1', 'urn:x:1']), 'epcList'],
    ['ilmd on an OBSERVE', (e: Record<string, unknown>) => (e.ilmd = { 'ex:lot': '1' }), 'ilmd'],
    [
      'a time without offset',
      (e: Record<string, unknown>) => (e.eventTime = '2005-04-03T20:33:31'),
      'eventTime',
    ],
  ])('refuses an ObjectEvent with %s, naming the path', (_, change, path) => {
    const problem = epcisDocumentProblem(withFirstEvent('Example_9.6.1-ObjectEvent.jsonld', change));
    expect(problem).toContain(path);
  });

  it('refuses an AggregationEvent ADD without children, and a quantity with a bad unit', () => {
    const noChildren = withFirstEvent('Example_9.6.3-AggregationEvent.jsonld', (e) => {
      e.action = 'ADD';
      delete e.childEPCs;
      delete e.childQuantityList;
    });
    expect(epcisDocumentProblem(noChildren)).toMatch(/^epcisBody\.eventList\[0\]\.childEPCs: /);
    const badUom = withFirstEvent('Example_9.6.3-AggregationEvent.jsonld', (e) => {
      (e.childQuantityList as { uom?: string }[])[1] = { epcClass: 'urn:x', uom: 'kilo' } as never;
    });
    expect(epcisDocumentProblem(badUom)).toMatch(/childQuantityList\[1\]\.uom/);
  });

  it('refuses a document without @context, creationDate or the right type', () => {
    const doc = example('Example_9.6.1-ObjectEvent.jsonld');
    expect(epcisDocumentProblem({ ...doc, '@context': undefined })).toMatch(/^@context: /);
    expect(epcisDocumentProblem({ ...doc, creationDate: 'yesterday' })).toMatch(/^creationDate: /);
    expect(epcisDocumentProblem({ ...doc, type: 'EPCISQueryDocument' })).toMatch(/^type: /);
    expect(epcisDocumentProblem([])).toMatch(/^\(document\): /);
  });
});

describe('EPC and place URIs', () => {
  it('reads an SGTIN-96 tag off its bits as the decoder does, for every partition, listed prefix or not', () => {
    let seed = 53;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const body = Array.from({ length: 13 }, () => next(10)).join('');
      const gtin = body + gtinCheckDigit(body);
      const length = 6 + (i % 7);
      const serial = next(2 ** 31) * 128 + next(128);
      const hex = sgtin96(gtin, serial, length);
      const tag = decodeTag(hex);
      expect(tagUri(hex, [])).toBe(sgtinUri(tag.gtin ?? '', tag.serial ?? '', length));
      const listed = gtin.slice(1, 7 + (i % 5));
      expect(tagUri(hex, [listed])).toBe(sgtinUri(tag.gtin ?? '', tag.serial ?? '', listed.length));
    }
  });

  it('writes an SGTIN with the company prefix length given (TDS 6.3.1), escaping a serial', () => {
    // GS1's own example: GTIN 80614141123458 under prefix 0614141 (7 digits), serial 6789.
    expect(sgtinUri('80614141123458', '6789', 7)).toBe('urn:epc:id:sgtin:0614141.812345.6789');
    expect(sgtinUri('80614141123458', '6789', 6)).toBe('urn:epc:id:sgtin:061414.8112345.6789');
    expect(sgtinUri('80614141123458', '6789', 12)).toBe('urn:epc:id:sgtin:061414112345.8.6789');
    expect(sgtinUri('80614141123458', 'A/B%1', 7)).toBe('urn:epc:id:sgtin:0614141.812345.A%2FB%251');
    expect(sgtinClassUri('80614141123458', 7)).toBe('urn:epc:idpat:sgtin:0614141.812345.*');
  });

  it('names a place by SGLN when its GLN is under a known prefix, by Digital Link otherwise, else as ours', () => {
    expect(placeUri(7, '0614141007776', ['0614141'])).toBe('urn:epc:id:sgln:0614141.00777.0');
    expect(placeUri(7, '0614141007776', [])).toBe('https://id.gs1.org/414/0614141007776');
    expect(placeUri(7, null, ['0614141'])).toBe('urn:quantics:location:7');
  });

  it('keeps a GLN only with its check digit right', () => {
    expect(ZGln.safeParse('0614141007776').success).toBe(true);
    expect(ZGln.safeParse('0614141007770').error?.issues[0]?.message).toBe('GLN check digit is wrong');
    expect(ZGln.safeParse('61414100777').error?.issues[0]?.message).toBe('GLN must be 13 digits');
  });

  it('writes a tag that is no GS1 scheme as its raw tag URI (TDS 12.4)', () => {
    expect(rawTagUri('5155414e544943532d303031')).toBe('urn:epc:raw:96.x5155414E544943532D303031');
  });

  it('gives a time zone’s offset at an instant, summer time included', () => {
    expect(timeZoneOffset('Europe/Amsterdam', new Date('2026-01-15T12:00:00Z'))).toBe('+01:00');
    expect(timeZoneOffset('Europe/Amsterdam', new Date('2026-07-15T12:00:00Z'))).toBe('+02:00');
    expect(timeZoneOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('-05:00');
    expect(timeZoneOffset('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('+05:30');
    expect(timeZoneOffset('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('+00:00');
  });
});
