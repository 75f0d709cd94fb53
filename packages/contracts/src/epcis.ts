import tds from 'epc-tds';
import { z } from 'zod';
import { isMetrcLabel } from './code-identity.ts';
import { decodeTag } from './gs1.ts';
import { prefixOfGtin } from './gs1-prefixes.ts';
import { gtinCheckDigit } from './gtin.ts';

// EPCIS 2.0 (issue 53): what a document we write or accept must be. Written from GS1's published artefacts, not
// copied from them:
// - the EPCIS 2.0 JSON schema (EPCIS-JSON-Schema.json, https://ref.gs1.org/standards/epcis/artefacts, also
//   github.com/gs1/EPCIS at 2b888be): the envelope, each event type's fields, which of them are required, the
//   patterns of times, offsets, versions and units, and that a field not in the standard must be named by a URI or a
//   prefixed name (its propertyNames);
// - the CBV 2.0 (Core Business Vocabulary, https://ref.gs1.org/cbv): the bare names of business steps,
//   dispositions, business transaction types, source/destination types and error reasons, which the JSON binding
//   writes without their urn:epcglobal:cbv / https://ref.gs1.org/cbv/ prefix (a full CBV URI is refused there);
// - the EPC Tag Data Standard (TDS 2.x): the EPC pure-identity URIs (urn:epc:id:sgtin, sgln), the class pattern
//   (urn:epc:idpat:sgtin:...*), the raw tag URI (urn:epc:raw:96.x...) and the characters a serial escapes;
// - GS1 Digital Link (https://id.gs1.org/01/{gtin}, /414/{gln}): how a GTIN or GLN is named without knowing its
//   company prefix.
// docs/epcis.md says which rule came from where.

/** The JSON-LD context every EPCIS 2.0 document names (EPCIS 2.0 section 12.3). */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
export const EPCIS_MEDIA_TYPE = 'application/ld+json';
export const EPCIS_SCHEMA_VERSION = '2.0';

/** CBV 2.0 business steps (CBV section 7.1), as the JSON binding writes them. */
export const CBV_BIZ_STEPS = [
  'accepting',
  'arriving',
  'assembling',
  'collecting',
  'commissioning',
  'consigning',
  'creating_class_instance',
  'cycle_counting',
  'decommissioning',
  'departing',
  'destroying',
  'disassembling',
  'dispensing',
  'encoding',
  'entering_exiting',
  'holding',
  'inspecting',
  'installing',
  'killing',
  'loading',
  'other',
  'packing',
  'picking',
  'receiving',
  'removing',
  'repackaging',
  'repairing',
  'replacing',
  'reserving',
  'retail_selling',
  'shipping',
  'staging_outbound',
  'stock_taking',
  'stocking',
  'storing',
  'transporting',
  'unloading',
  'unpacking',
  'void_shipping',
  'sensor_reporting',
  'sampling',
] as const;

/** CBV 2.0 dispositions (CBV section 7.2). */
export const CBV_DISPOSITIONS = [
  'active',
  'container_closed',
  'damaged',
  'destroyed',
  'dispensed',
  'disposed',
  'encoded',
  'expired',
  'in_progress',
  'in_transit',
  'inactive',
  'no_pedigree_match',
  'non_sellable_other',
  'partially_dispensed',
  'recalled',
  'reserved',
  'retail_sold',
  'returned',
  'sellable_accessible',
  'sellable_not_accessible',
  'stolen',
  'unknown',
  'available',
  'completeness_verified',
  'completeness_inferred',
  'conformant',
  'container_open',
  'mismatch_instance',
  'mismatch_class',
  'mismatch_quantity',
  'needs_replacement',
  'non_conformant',
  'unavailable',
] as const;

/** CBV 2.0 business transaction types (CBV section 7.3). */
export const CBV_BIZ_TRANSACTION_TYPES = [
  'bol',
  'cert',
  'desadv',
  'inv',
  'pedigree',
  'po',
  'poc',
  'prodorder',
  'recadv',
  'rma',
  'testprd',
  'testres',
  'upevt',
] as const;

/** CBV 2.0 source and destination types (CBV section 7.4). */
export const CBV_SOURCE_DEST_TYPES = ['owning_party', 'possessing_party', 'location'] as const;
/** CBV 2.0 error reasons (CBV section 7.5). */
export const CBV_ERROR_REASONS = ['did_not_occur', 'incorrect_data'] as const;
export const EPCIS_ACTIONS = ['OBSERVE', 'ADD', 'DELETE'] as const;
export const EPCIS_EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
] as const;

export const EPCIS_MESSAGES = {
  notObject: 'must be a JSON object',
  notArray: 'must be a list',
  required: 'is required',
  uri: 'must be a URI (scheme:rest, such as urn:epc:id:sgtin:0614141.107346.2017)',
  time: 'must be a date and time with its offset (RFC 3339, such as 2026-11-29T10:15:00.000Z)',
  offset: 'must be a time zone offset from -14:00 to +14:00 (such as +01:00)',
  version: 'must be a version such as 2.0',
  uom: 'must be a UN/ECE unit code of 2 or 3 capitals or digits (such as KGM)',
  number: 'must be a number',
  text: 'must be text',
  boolean: 'must be true or false',
  hex: 'must be hexadecimal digits',
  action: `must be one of ${EPCIS_ACTIONS.join(', ')}`,
  cbv: (what: string) =>
    `must be a CBV ${what} (such as ${what === 'business step' ? 'receiving' : 'in_progress'}) or a URI outside the CBV`,
  unknownField: (key: string) =>
    `${key} is not a field of EPCIS 2.0 (an extension's name must be a URI or a prefixed name such as example:field)`,
  documentType: 'must be EPCISDocument',
  objectEventWhat: 'an ObjectEvent needs an epcList, a quantityList or sensor data with a readPoint',
  aggregationWhat: 'needs childEPCs or a childQuantityList unless its action is DELETE',
  transactionWhat: 'needs an epcList or a quantityList unless its action is DELETE',
  transformationWhat:
    'needs at least one of inputEPCList, inputQuantityList, outputEPCList, outputQuantityList',
  ilmdOnlyAdd: 'ilmd is only allowed on an ObjectEvent whose action is ADD',
  unique: 'must not list the same EPC twice',
  atLeastOne: 'must list at least one',
  extendedType: 'must be an EPCIS event type or, for an extension event, a URI',
} as const;

// --- Values --------------------------------------------------------------------------------------------------------

/** JSON Schema's format "uri" (RFC 3986): a scheme, a colon, then no spaces. Also what an extension key must be. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]*$/;
export const isEpcisUri = (value: string) => URI.test(value);

const ZUri = z.string({ error: EPCIS_MESSAGES.uri }).regex(URI, EPCIS_MESSAGES.uri);
/** A document's or event's id: a URI, or a JSON-LD blank node (_:document1, as the standard's examples write it). */
const ZId = z
  .string({ error: EPCIS_MESSAGES.uri })
  .refine((v) => URI.test(v) || /^_:\S+$/.test(v), EPCIS_MESSAGES.uri);
const TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const ZTime = z
  .string({ error: EPCIS_MESSAGES.time })
  .regex(TIME, EPCIS_MESSAGES.time)
  .refine((v) => !Number.isNaN(Date.parse(v)), EPCIS_MESSAGES.time);
const ZOffset = z
  .string({ error: EPCIS_MESSAGES.offset })
  .regex(/^([+]|[-])((0[0-9]|1[0-3]):([0-5][0-9])|14:00)$/, EPCIS_MESSAGES.offset);
const ZNumber = z.number({ error: EPCIS_MESSAGES.number });
const ZText = z.string({ error: EPCIS_MESSAGES.text });
const ZContextItem = z.union([ZUri, z.record(z.string(), z.unknown())], { error: EPCIS_MESSAGES.uri });
const ZContext = z.union([ZContextItem, z.array(ZContextItem)], { error: EPCIS_MESSAGES.uri });

/** A CBV term by its bare name, or a URI that is not a CBV one (the schema's vocab-other-uri). */
const cbvOrOther = (terms: readonly string[], what: string) =>
  z
    .string({ error: EPCIS_MESSAGES.cbv(what) })
    .refine(
      (v) =>
        terms.includes(v) || (URI.test(v) && !/^(urn:epcglobal:cbv|https?:\/\/ns\.gs1\.org\/cbv\/)/.test(v)),
      EPCIS_MESSAGES.cbv(what),
    );
const ZBizStep = cbvOrOther(CBV_BIZ_STEPS, 'business step');
const ZDisposition = cbvOrOther(CBV_DISPOSITIONS, 'disposition');
const ZBizTransactionType = cbvOrOther(CBV_BIZ_TRANSACTION_TYPES, 'business transaction type');
const ZSourceDestType = cbvOrOther(CBV_SOURCE_DEST_TYPES, 'source or destination type');
const ZErrorReason = cbvOrOther(CBV_ERROR_REASONS, 'error reason');
/** Sensor vocabularies: a gs1:/GS1 Web Vocabulary name or a URI outside it (vocab-nonGS1WebVoc-uri). */
const ZWebVocOrOther = z
  .string({ error: EPCIS_MESSAGES.text })
  .refine(
    (v) => /^[A-Za-z_]+$/.test(v) || (URI.test(v) && !/^https?:\/\/(www\.)?gs1\.org\/voc\//.test(v)),
    EPCIS_MESSAGES.uri,
  );
const ZAction = z.enum(EPCIS_ACTIONS, { error: EPCIS_MESSAGES.action });

/**
 * An object of named fields where any other field must be named by a URI or prefixed name (the schema's
 * propertyNames: a field outside the standard is an extension and says whose it is).
 */
function epcisObject<T extends z.ZodRawShape>(shape: T) {
  const known = new Set(Object.keys(shape));
  return z.looseObject(shape, { error: EPCIS_MESSAGES.notObject }).superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!known.has(key) && !URI.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: EPCIS_MESSAGES.unknownField(key) });
      }
    }
  });
}

const list = <T extends z.ZodType>(item: T) => z.array(item, { error: EPCIS_MESSAGES.notArray });
const ZEpcList = list(ZUri).refine((epcs) => new Set(epcs).size === epcs.length, EPCIS_MESSAGES.unique);

export const ZQuantityElement = z.strictObject(
  {
    epcClass: ZUri,
    quantity: ZNumber.optional(),
    uom: z
      .string({ error: EPCIS_MESSAGES.uom })
      .regex(/^[A-Z0-9]{2,3}$/, EPCIS_MESSAGES.uom)
      .optional(),
  },
  { error: EPCIS_MESSAGES.notObject },
);
export type TQuantityElement = z.infer<typeof ZQuantityElement>;

const ZPlace = z.looseObject({ id: ZUri }, { error: EPCIS_MESSAGES.notObject });
export const ZBizTransaction = z.strictObject(
  { type: ZBizTransactionType.optional(), bizTransaction: ZUri },
  { error: EPCIS_MESSAGES.notObject },
);
export type TBizTransaction = z.infer<typeof ZBizTransaction>;
const ZSource = z.strictObject({ type: ZSourceDestType, source: ZUri }, { error: EPCIS_MESSAGES.notObject });
const ZDestination = z.strictObject(
  { type: ZSourceDestType, destination: ZUri },
  { error: EPCIS_MESSAGES.notObject },
);
export type TDestination = z.infer<typeof ZDestination>;

const ZErrorDeclaration = epcisObject({
  declarationTime: ZTime,
  reason: ZErrorReason.optional(),
  correctiveEventIDs: list(ZUri).optional(),
});

const ZSensorMetadata = epcisObject({
  time: ZTime.optional(),
  deviceID: ZUri.optional(),
  deviceMetadata: ZUri.optional(),
  rawData: ZUri.optional(),
  startTime: ZTime.optional(),
  endTime: ZTime.optional(),
  dataProcessingMethod: ZUri.optional(),
  bizRules: ZUri.optional(),
});
const ZSensorReport = epcisObject({
  type: ZWebVocOrOther,
  exception: ZWebVocOrOther.optional(),
  deviceID: ZUri.optional(),
  deviceMetadata: ZUri.optional(),
  rawData: ZUri.optional(),
  dataProcessingMethod: ZUri.optional(),
  bizRules: ZUri.optional(),
  time: ZTime.optional(),
  microorganism: ZUri.optional(),
  chemicalSubstance: ZUri.optional(),
  coordinateReferenceSystem: ZUri.optional(),
  value: ZNumber.optional(),
  component: z.string({ error: EPCIS_MESSAGES.text }).optional(),
  stringValue: ZText.optional(),
  booleanValue: z.boolean({ error: EPCIS_MESSAGES.boolean }).optional(),
  hexBinaryValue: z
    .string({ error: EPCIS_MESSAGES.hex })
    .regex(/^[A-Fa-f0-9]+$/, EPCIS_MESSAGES.hex)
    .optional(),
  uriValue: ZUri.optional(),
  minValue: ZNumber.optional(),
  maxValue: ZNumber.optional(),
  meanValue: ZNumber.optional(),
  sDev: ZNumber.optional(),
  percRank: ZNumber.optional(),
  percValue: ZNumber.optional(),
  uom: ZText.optional(),
});
const ZSensorElement = epcisObject({
  sensorMetadata: ZSensorMetadata.optional(),
  sensorReport: list(ZSensorReport).min(1, EPCIS_MESSAGES.atLeastOne),
});
const ZPersistentDisposition = z
  .strictObject(
    {
      set: list(ZDisposition).min(1, EPCIS_MESSAGES.atLeastOne).optional(),
      unset: list(ZDisposition).min(1, EPCIS_MESSAGES.atLeastOne).optional(),
    },
    { error: EPCIS_MESSAGES.notObject },
  )
  .refine((p) => p.set !== undefined || p.unset !== undefined, 'needs set or unset');
const ZIlmd = z.record(z.string().regex(URI, EPCIS_MESSAGES.uri), z.unknown(), {
  error: EPCIS_MESSAGES.notObject,
});

/** The fields every event has (the schema's Event and common-event-properties). */
const eventCommon = {
  '@context': ZContext.optional(),
  eventTime: ZTime,
  recordTime: ZTime.optional(),
  eventTimeZoneOffset: ZOffset,
  eventID: ZUri.optional(),
  certificationInfo: z.union([ZUri, list(ZUri)], { error: EPCIS_MESSAGES.uri }).optional(),
  errorDeclaration: ZErrorDeclaration.optional(),
};
/** The what, where, why fields most event types share. */
const whereWhy = {
  bizStep: ZBizStep.optional(),
  disposition: ZDisposition.optional(),
  readPoint: ZPlace.optional(),
  bizLocation: ZPlace.optional(),
  bizTransactionList: list(ZBizTransaction).optional(),
  sourceList: list(ZSource).optional(),
  destinationList: list(ZDestination).optional(),
  sensorElementList: list(ZSensorElement).optional(),
};

const nonEmpty = (v: unknown[] | undefined) => v !== undefined && v.length > 0;

export const ZObjectEvent = epcisObject({
  ...eventCommon,
  ...whereWhy,
  type: z.literal('ObjectEvent'),
  action: ZAction,
  epcList: ZEpcList.optional(),
  quantityList: list(ZQuantityElement).optional(),
  persistentDisposition: ZPersistentDisposition.optional(),
  ilmd: ZIlmd.optional(),
}).superRefine((e, ctx) => {
  const what =
    e.epcList !== undefined ||
    nonEmpty(e.quantityList) ||
    (nonEmpty(e.sensorElementList) && e.readPoint !== undefined);
  if (!what) ctx.addIssue({ code: 'custom', path: ['epcList'], message: EPCIS_MESSAGES.objectEventWhat });
  if (e.ilmd !== undefined && e.action !== 'ADD') {
    ctx.addIssue({ code: 'custom', path: ['ilmd'], message: EPCIS_MESSAGES.ilmdOnlyAdd });
  }
});
export type TObjectEvent = z.infer<typeof ZObjectEvent>;

export const ZAggregationEvent = epcisObject({
  ...eventCommon,
  ...whereWhy,
  type: z.literal('AggregationEvent'),
  action: ZAction,
  parentID: ZUri.optional(),
  childEPCs: list(ZUri).optional(),
  childQuantityList: list(ZQuantityElement).optional(),
}).superRefine((e, ctx) => {
  if (!nonEmpty(e.childEPCs) && !nonEmpty(e.childQuantityList) && e.action !== 'DELETE') {
    ctx.addIssue({ code: 'custom', path: ['childEPCs'], message: EPCIS_MESSAGES.aggregationWhat });
  }
});
export type TAggregationEvent = z.infer<typeof ZAggregationEvent>;

export const ZTransactionEvent = epcisObject({
  ...eventCommon,
  ...whereWhy,
  type: z.literal('TransactionEvent'),
  action: ZAction,
  bizTransactionList: list(ZBizTransaction).min(1, EPCIS_MESSAGES.atLeastOne),
  parentID: ZUri.optional(),
  epcList: list(ZUri).optional(),
  quantityList: list(ZQuantityElement).optional(),
}).superRefine((e, ctx) => {
  if (e.epcList === undefined && !nonEmpty(e.quantityList) && e.action !== 'DELETE') {
    ctx.addIssue({ code: 'custom', path: ['epcList'], message: EPCIS_MESSAGES.transactionWhat });
  }
});

export const ZTransformationEvent = epcisObject({
  ...eventCommon,
  ...whereWhy,
  type: z.literal('TransformationEvent'),
  inputEPCList: ZEpcList.optional(),
  inputQuantityList: list(ZQuantityElement).optional(),
  outputEPCList: ZEpcList.optional(),
  outputQuantityList: list(ZQuantityElement).optional(),
  transformationID: ZUri.optional(),
  persistentDisposition: ZPersistentDisposition.optional(),
  ilmd: ZIlmd.optional(),
}).superRefine((e, ctx) => {
  const lists = [e.inputEPCList, e.inputQuantityList, e.outputEPCList, e.outputQuantityList];
  if (!lists.some(nonEmpty)) {
    ctx.addIssue({ code: 'custom', path: ['inputEPCList'], message: EPCIS_MESSAGES.transformationWhat });
  }
});

export const ZAssociationEvent = epcisObject({
  ...eventCommon,
  ...whereWhy,
  type: z.literal('AssociationEvent'),
  action: ZAction,
  parentID: ZUri,
  childEPCs: list(ZUri).optional(),
  childQuantityList: list(ZQuantityElement).optional(),
}).superRefine((e, ctx) => {
  if (!nonEmpty(e.childEPCs) && !nonEmpty(e.childQuantityList) && e.action !== 'DELETE') {
    ctx.addIssue({ code: 'custom', path: ['childEPCs'], message: EPCIS_MESSAGES.aggregationWhat });
  }
});

/** An event of a type the standard does not define: its type is a URI, with the common fields (Extended-Event). */
const ZExtendedEvent = z.looseObject({ ...eventCommon, type: ZUri }, { error: EPCIS_MESSAGES.notObject });

const EVENT_SCHEMAS: Record<string, z.ZodType> = {
  ObjectEvent: ZObjectEvent,
  AggregationEvent: ZAggregationEvent,
  TransactionEvent: ZTransactionEvent,
  TransformationEvent: ZTransformationEvent,
  AssociationEvent: ZAssociationEvent,
};

/** One event, checked against its type's schema (the schema's EPCIS-Document-Event: if type is X then X's rules). */
export const ZEpcisEvent = z
  .custom<Record<string, unknown> & { type: string }>()
  .superRefine((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: EPCIS_MESSAGES.notObject });
      return;
    }
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: EPCIS_MESSAGES.extendedType });
      return;
    }
    const schema = EVENT_SCHEMAS[type] ?? ZExtendedEvent;
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
    }
  });
export type TEpcisEvent = z.infer<typeof ZEpcisEvent>;

const ZHeader = epcisObject({
  epcisMasterData: z
    .looseObject({ vocabularyList: list(z.looseObject({ type: ZUri })).optional() })
    .optional(),
});

/** An EPCIS document (EPCISDocument): what POST /api/epcis/capture takes and GET /api/audits/{id}/epcis answers. */
export const ZEpcisDocument = epcisObject({
  '@context': ZContext,
  id: ZId.optional(),
  type: z.literal('EPCISDocument', { error: EPCIS_MESSAGES.documentType }),
  schemaVersion: z.string({ error: EPCIS_MESSAGES.version }).regex(/^\d+(\.\d+)*$/, EPCIS_MESSAGES.version),
  creationDate: ZTime,
  instanceIdentifier: ZText.optional(),
  sender: ZText.optional(),
  receiver: ZText.optional(),
  epcisHeader: ZHeader.optional(),
  epcisBody: z.looseObject({ eventList: list(ZEpcisEvent) }, { error: EPCIS_MESSAGES.notObject }),
});
export type TEpcisDocument = z.infer<typeof ZEpcisDocument>;

/** A query's answer (EPCISQueryDocument): GET /api/epcis/events. */
export const ZEpcisQueryDocument = epcisObject({
  '@context': ZContext,
  id: ZId.optional(),
  type: z.literal('EPCISQueryDocument'),
  schemaVersion: z
    .string({ error: EPCIS_MESSAGES.version })
    .regex(/^\d+(\.\d+)*$/, EPCIS_MESSAGES.version)
    .optional(),
  creationDate: ZTime.optional(),
  epcisBody: epcisObject({
    queryResults: epcisObject({
      queryName: ZText,
      subscriptionID: ZText.optional(),
      resultsBody: epcisObject({
        eventList: list(ZEpcisEvent),
        vocabularyList: list(z.looseObject({ type: ZUri })).optional(),
      }),
    }),
  }),
});
export type TEpcisQueryDocument = z.infer<typeof ZEpcisQueryDocument>;

/**
 * A zod issue path as a person reads it: epcisBody.eventList[0].eventTimeZoneOffset. An empty path is the document.
 */
export function epcisPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(document)';
}

/** The value at an issue's path (undefined: the field is missing, whatever rule it broke). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** The first thing wrong with a document, as "path: message", or null when it is a valid EPCIS document. */
export function epcisDocumentProblem(doc: unknown): string | null {
  const result = ZEpcisDocument.safeParse(doc);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'invalid EPCIS document';
  return `${epcisPath(issue.path)}: ${issue.code !== 'custom' && valueAt(doc, issue.path) === undefined ? EPCIS_MESSAGES.required : issue.message}`;
}

// --- Identifiers ---------------------------------------------------------------------------------------------------

/**
 * TDS section 6.3.1 / table A-1: of the characters a GS1 serial may hold, these are written %-escaped in an EPC URI
 * (the rest of the 82 allowed characters stand for themselves).
 */
const escapeSerial = (serial: string) =>
  serial.replace(/["%&/<>?#]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** GTIN-14 split by a company prefix length: TDS's CompanyPrefix and IndicatorDigit+ItemRef. */
function gtinParts(gtin14: string, prefixLength: number) {
  return {
    prefix: gtin14.slice(1, 1 + prefixLength),
    itemRef: gtin14[0] + gtin14.slice(1 + prefixLength, 13),
  };
}

/** urn:epc:id:sgtin:CompanyPrefix.IndicatorItemRef.Serial (TDS section 6.3.1). */
export function sgtinUri(gtin14: string, serial: string, prefixLength: number): string {
  const { prefix, itemRef } = gtinParts(gtin14, prefixLength);
  return `urn:epc:id:sgtin:${prefix}.${itemRef}.${escapeSerial(serial)}`;
}

/** A GTIN's class of items: urn:epc:idpat:sgtin:CompanyPrefix.IndicatorItemRef.* (TDS section 8, EPCIS 2.0 8.3.3). */
export function sgtinClassUri(gtin14: string, prefixLength: number): string {
  const { prefix, itemRef } = gtinParts(gtin14, prefixLength);
  return `urn:epc:idpat:sgtin:${prefix}.${itemRef}.*`;
}

/** GS1 Digital Link of a GTIN (and serial): what EPCIS 2.0 accepts when the company prefix is not known. */
export const gtinDigitalLink = (gtin14: string, serial?: string) =>
  `https://id.gs1.org/01/${gtin14}${serial === undefined ? '' : `/21/${encodeURIComponent(serial)}`}`;

/** urn:epc:id:sgln:CompanyPrefix.LocationRef.Extension (TDS section 6.3.3), extension 0 for the GLN itself. */
export function sglnUri(gln: string, prefixLength: number): string {
  return `urn:epc:id:sgln:${gln.slice(0, prefixLength)}.${gln.slice(prefixLength, 12)}.0`;
}

export const glnDigitalLink = (gln: string) => `https://id.gs1.org/414/${gln}`;

/** The raw tag URI of an EPC the reader saw that is no GS1 scheme (TDS section 12.4): urn:epc:raw:96.x3074... */
export const rawTagUri = (epcHex: string) => `urn:epc:raw:${epcHex.length * 4}.x${epcHex.toUpperCase()}`;

/** Quantics' own names: a place without a GLN, a Metrc package label, a SKU's class. */
export const quanticsLocationUri = (id: number) => `urn:quantics:location:${id}`;
export const metrcPackageUri = (label: string) => `urn:quantics:metrc:${label.toUpperCase()}`;
export const skuClassUri = (sku: string) => `urn:quantics:sku:${encodeURIComponent(sku)}`;

/**
 * What EPCIS calls a tag a reader saw (its EPC as hex): a Metrc package label as ours; an SGTIN as its pure identity
 * URI, the company prefix's length taken from the company's GS1 prefixes when its GTIN is under one, else from the
 * tag's own partition (TDS 14.5.1: bits 11 to 13); another GS1 scheme (SSCC, GIAI...) as epc-tds writes its pure
 * identity; anything else (our SKU tags) as the raw tag URI, exactly the bits read.
 */
export function tagUri(epcHex: string, prefixes: readonly string[]): string {
  const hex = epcHex.toUpperCase();
  const fast = sgtin96Uri(hex, prefixes);
  if (fast) return fast;
  if (isMetrcLabel(hex)) return metrcPackageUri(hex);
  const tag = decodeTag(hex);
  if (tag.text === null) return rawTagUri(hex);
  if (tag.gtin !== null && tag.serial !== null) {
    const prefix = prefixOfGtin(tag.gtin, prefixes);
    const partition = (Number.parseInt(hex.slice(2, 4), 16) >> 2) & 7;
    return sgtinUri(tag.gtin, tag.serial, prefix ? prefix.length : 12 - partition);
  }
  try {
    return tds.valueOf(hex).toIdURI();
  } catch {
    return rawTagUri(hex);
  }
}

/** SGTIN-96's partitions (TDS table 14-2): company prefix bits by partition; prefix and item reference share 44. */
const SGTIN_PREFIX_BITS = [40, 37, 34, 30, 27, 24, 20];

/**
 * An SGTIN-96's pure identity read straight off its bits (TDS 14.5.1: header 0x30, filter 3 bits, partition 3, company
 * prefix and item reference 44, serial 38), without decoding the GTIN or its check digit: what a 100,000-tag count's
 * export does 100,000 times. Null for anything else or for fields out of their partition's range.
 */
function sgtin96Uri(hex: string, prefixes: readonly string[]): string | null {
  if (hex.length !== 24 || !hex.startsWith('30')) return null;
  const hi = Number.parseInt(hex.slice(0, 12), 16);
  const lo = Number.parseInt(hex.slice(12), 16);
  if (Number.isNaN(hi) || Number.isNaN(lo)) return null;
  const partition = Math.floor(hi / 2 ** 34) % 8;
  const prefixBits = SGTIN_PREFIX_BITS[partition];
  if (prefixBits === undefined) return null;
  const field = (hi % 2 ** 34) * 2 ** 10 + Math.floor(lo / 2 ** 38);
  const itemBits = 44 - prefixBits;
  const prefixDigits = 12 - partition;
  const company = Math.floor(field / 2 ** itemBits);
  const item = field % 2 ** itemBits;
  if (company >= 10 ** prefixDigits || item >= 10 ** (13 - prefixDigits)) return null;
  const companyText = String(company).padStart(prefixDigits, '0');
  const itemText = String(item).padStart(13 - prefixDigits, '0');
  // The GTIN's digits after its indicator (its check digit aside): where a listed prefix is looked for.
  const digits = companyText + itemText.slice(1);
  const listed = prefixes.find((p) => digits.startsWith(p));
  const length = listed ? listed.length : prefixDigits;
  return `urn:epc:id:sgtin:${digits.slice(0, length)}.${itemText[0]}${digits.slice(length)}.${lo % 2 ** 38}`;
}

/** A GTIN's class (a barcode's units): urn:epc:idpat:sgtin when its prefix is known, else its Digital Link. */
export function gtinClassUri(gtin14: string, prefixes: readonly string[]): string {
  const prefix = prefixOfGtin(gtin14, prefixes);
  return prefix ? sgtinClassUri(gtin14, prefix.length) : gtinDigitalLink(gtin14);
}

/** One item by GTIN and serial (a serialized barcode): its SGTIN when the prefix is known, else its Digital Link. */
export function serialUri(gtin14: string, serial: string, prefixes: readonly string[]): string {
  const prefix = prefixOfGtin(gtin14, prefixes);
  return prefix ? sgtinUri(gtin14, serial, prefix.length) : gtinDigitalLink(gtin14, serial);
}

/** An SSCC (a carton): urn:epc:id:sscc:CompanyPrefix.ExtensionSerialRef when the prefix is known, else Digital Link. */
export function ssccUri(sscc: string, prefixes: readonly string[]): string {
  const prefix = prefixes.find((p) => sscc.startsWith(p, 1));
  if (!prefix) return `https://id.gs1.org/00/${sscc}`;
  return `urn:epc:id:sscc:${prefix}.${sscc[0]}${sscc.slice(1 + prefix.length, 17)}`;
}

/**
 * The GLN a place URI names, or null: an SGLN with extension 0 (the GLN's digits and its check digit), or a GS1
 * Digital Link /414/{gln}.
 */
export function glnOfPlaceUri(uri: string): string | null {
  const sgln = /^urn:epc:id:sgln:(\d+)\.(\d*)\.0$/.exec(uri);
  if (sgln && (sgln[1] ?? '').length + (sgln[2] ?? '').length === 12) {
    const body = `${sgln[1]}${sgln[2]}`;
    return `${body}${gtinCheckDigit(body)}`;
  }
  const link = /^https?:\/\/[^/]+\/414\/(\d{13})$/.exec(uri);
  return link ? (link[1] ?? null) : null;
}

/** 12 or 17 digits after an indicator split by TDS as CompanyPrefix.IndicatorRest: the digits in GS1 order. */
function tdsDigits(prefix: string, rest: string, total: number): string | null {
  if (!/^\d+$/.test(prefix) || !/^\d+$/.test(rest) || prefix.length + rest.length !== total) return null;
  return `${rest[0]}${prefix}${rest.slice(1)}`;
}
const withCheckDigit = (body: string) => `${body}${gtinCheckDigit(body)}`;

/** The SSCC (18 digits) an EPC URI or Digital Link names: urn:epc:id:sscc:P.ES, https://id.gs1.org/00/{sscc}. */
export function ssccOfUri(uri: string): string | null {
  const urn = /^urn:epc:id:sscc:(\d+)\.(\d+)$/.exec(uri);
  if (urn) {
    const body = tdsDigits(urn[1] ?? '', urn[2] ?? '', 17);
    return body ? withCheckDigit(body) : null;
  }
  return /^https?:\/\/[^/]+\/00\/(\d{18})$/.exec(uri)?.[1] ?? null;
}

/**
 * The GTIN-14 a class names: urn:epc:idpat:sgtin:P.IR.*, a lot urn:epc:class:lgtin:P.IR.lot, or a Digital Link
 * https://id.gs1.org/01/{gtin} (with or without a lot).
 */
export function gtinOfClassUri(uri: string): string | null {
  const urn = /^urn:epc:(?:idpat:sgtin|class:lgtin):(\d+)\.(\d+)\.[^.]+$/.exec(uri);
  if (urn) {
    const body = tdsDigits(urn[1] ?? '', urn[2] ?? '', 13);
    return body ? withCheckDigit(body) : null;
  }
  return /^https?:\/\/[^/]+\/01\/(\d{14})(?:\/10\/[^/]+)?$/.exec(uri)?.[1] ?? null;
}

/** The GTIN-14 and serial an item's URI names: urn:epc:id:sgtin:P.IR.S or https://id.gs1.org/01/{gtin}/21/{s}. */
export function sgtinOfUri(
  uri: string,
): { gtin: string; serial: string; prefixLength: number | null } | null {
  const urn = /^urn:epc:id:sgtin:(\d+)\.(\d+)\.(.+)$/.exec(uri);
  if (urn) {
    const body = tdsDigits(urn[1] ?? '', urn[2] ?? '', 13);
    const serial = decodeURIComponent(urn[3] ?? '');
    return body ? { gtin: withCheckDigit(body), serial, prefixLength: (urn[1] ?? '').length } : null;
  }
  const link = /^https?:\/\/[^/]+\/01\/(\d{14})\/21\/([^/?]+)$/.exec(uri);
  return link ? { gtin: link[1] ?? '', serial: decodeURIComponent(link[2] ?? ''), prefixLength: null } : null;
}

/** The location id urn:quantics:location:{id} names, or null. */
export function locationIdOfPlaceUri(uri: string): number | null {
  const m = /^urn:quantics:location:(\d{1,10})$/.exec(uri);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export const GLN_MESSAGES = {
  format: 'GLN must be 13 digits',
  checkDigit: 'GLN check digit is wrong',
  taken: (gln: string) => `GLN ${gln} is already used by another location`,
} as const;

/** A Global Location Number: 13 digits, the last GS1's check digit (the same mod 10 as a GTIN's). */
export const ZGln = z
  .string({ error: GLN_MESSAGES.format })
  .trim()
  .regex(/^\d{13}$/, GLN_MESSAGES.format)
  .refine((v) => gtinCheckDigit(v.slice(0, 12)) === Number(v[12]), GLN_MESSAGES.checkDigit);

/** The company prefix (of the company's list) a GLN falls under: a GLN starts with it, no indicator digit. */
export const prefixOfGln = (gln: string, prefixes: readonly string[]) =>
  prefixes.find((p) => gln.startsWith(p)) ?? null;

/** A place as EPCIS names it: its GLN as an SGLN (or Digital Link when no prefix is known), else ours. */
export function placeUri(id: number, gln: string | null, prefixes: readonly string[]): string {
  if (!gln) return quanticsLocationUri(id);
  const prefix = prefixOfGln(gln, prefixes);
  return prefix ? sglnUri(gln, prefix.length) : glnDigitalLink(gln);
}

/**
 * A time zone's offset at an instant as EPCIS writes it ("+01:00", "-05:00", "+00:00"), read from the platform's
 * time zone data (Intl): the offset in force then, summer time included.
 */
export function timeZoneOffset(timeZone: string, at: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!m) return '+00:00';
  return `${m[1]}${(m[2] ?? '0').padStart(2, '0')}:${m[3] ?? '00'}`;
}

// --- The API around the documents ----------------------------------------------------------------------------------

export const EPCIS_QUERY_PAGE_MAX = 100;
export const EPCIS_QUERY_PAGE_DEFAULT = 50;
export const EPCIS_QUERY_MESSAGES = {
  fromTime: 'from must be a date and time (ISO 8601)',
  toTime: 'to must be a date and time (ISO 8601)',
  bizStep: 'bizStep must be a CBV business step (such as cycle_counting) or a URI',
  cursor: 'cursor is not one this server gave',
  locationId: 'location_id must be a location id',
  perPage: `perPage must be a whole number from 1 to ${EPCIS_QUERY_PAGE_MAX}`,
  auditNotCompleted: 'This audit is not completed yet: only a completed count is exported',
  captureNotFound: 'Capture not found',
  unsupportedType: 'Send an EPCIS document as application/json or application/ld+json',
} as const;

const isoInstant = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => !Number.isNaN(Date.parse(v)), message)
    .optional();

/** GET /api/epcis/events. */
export const ZEpcisEventsQuery = z.object({
  from: isoInstant(EPCIS_QUERY_MESSAGES.fromTime),
  to: isoInstant(EPCIS_QUERY_MESSAGES.toTime),
  bizStep: z
    .string({ error: EPCIS_QUERY_MESSAGES.bizStep })
    .refine(
      (v) => (CBV_BIZ_STEPS as readonly string[]).includes(v) || URI.test(v),
      EPCIS_QUERY_MESSAGES.bizStep,
    )
    .optional(),
  location_id: z.coerce
    .number({ error: EPCIS_QUERY_MESSAGES.locationId })
    .int(EPCIS_QUERY_MESSAGES.locationId)
    .positive(EPCIS_QUERY_MESSAGES.locationId)
    .max(2_147_483_647, EPCIS_QUERY_MESSAGES.locationId)
    .optional(),
  perPage: z.coerce
    .number({ error: EPCIS_QUERY_MESSAGES.perPage })
    .int(EPCIS_QUERY_MESSAGES.perPage)
    .min(1, EPCIS_QUERY_MESSAGES.perPage)
    .max(EPCIS_QUERY_PAGE_MAX, EPCIS_QUERY_MESSAGES.perPage)
    .optional(),
  cursor: z.string({ error: EPCIS_QUERY_MESSAGES.cursor }).max(200, EPCIS_QUERY_MESSAGES.cursor).optional(),
});
export type TEpcisEventsQuery = z.infer<typeof ZEpcisEventsQuery>;

/** POST /api/epcis/capture's 202. */
export const ZEpcisCaptureAccepted = z.object({ captureID: z.string() });

/** GET /api/epcis/capture/{captureID}: a capture job as the standard's REST binding describes it. */
export const ZEpcisCaptureJob = z.object({
  captureID: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  running: z.boolean(),
  success: z.boolean(),
  captureErrorBehaviour: z.literal('rollback'),
  errors: z.array(
    z.object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string() }),
  ),
  /** Events stored (an eventID captured before is not stored again). */
  eventCount: z.number().int(),
});
export type TEpcisCaptureJob = z.infer<typeof ZEpcisCaptureJob>;
export const ZEpcisCaptureIdParam = z.object({ id: z.uuid({ error: EPCIS_QUERY_MESSAGES.captureNotFound }) });
