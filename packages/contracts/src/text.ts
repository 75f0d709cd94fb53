import { z } from 'zod';

/**
 * What text the API accepts, in every field of every request (JSON bodies, query strings, path parameters,
 * multipart fields and CSV cells alike). Text that breaks the rule is refused with a 400 naming the field; it is
 * never cleaned silently, so what a person sees is what was stored.
 *
 * Refused everywhere:
 * - C0 control characters (U+0000-U+001F) and DEL (U+007F): U+0000 cannot be stored by PostgreSQL at all, and
 *   the others are invisible. Tab, line feed and carriage return are allowed in multi-line fields only
 *   (descriptions, comments, messages, label ZPL: the fields marked with `multiline()`).
 * - C1 control characters (U+0080-U+009F): invisible, and never typed.
 * - Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make text display in
 *   another order than it is stored ("Trojan Source"), so a product or a person could be made to look like
 *   another. Right-to-left text needs none of them; the left-to-right and right-to-left marks (U+200E, U+200F)
 *   stay allowed.
 * - Unpaired surrogates (a lone half of a UTF-16 pair, as `"\ud800"` in JSON): not a character at all; a
 *   database would store U+FFFD in its place.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's whole job.
const ALWAYS_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAKS = /[\t\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `value` is not acceptable text (a phrase to follow the field's name), or undefined when it is. */
export function textProblem(value: string, isMultiline = false, isCode = false): string | undefined {
  // A scanned code's GS1 fields are separated by GS (U+001D): let it through there, and nowhere else.
  const text = isCode ? value.replaceAll('\u001d', '') : value;
  const bad = ALWAYS_REFUSED.exec(text) ?? (isMultiline ? null : LINE_BREAKS.exec(text));
  if (bad) return `contains a character that is not allowed (${codePoint(bad[0])})`;
  if (LONE_SURROGATE.test(value)) return 'contains an invalid character (an unpaired surrogate)';
  return undefined;
}

/** The full message for a field: "name contains a character that is not allowed (U+0000)". */
export const textProblemMessage = (field: string, problem: string) => `${field} ${problem}`;

const MULTILINE = 'multiline';
const SCANNED_CODE = 'scannedCode';

/** Marks a field (or a whole object, such as free-form metadata) as multi-line: tab and line breaks allowed. */
export function multiline<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [MULTILINE]: true }) as T;
}

/** Marks a field as a scanned code: the GS character (U+001D) that separates GS1 fields is allowed in it. */
export function scannedCode<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [SCANNED_CODE]: true }) as T;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};

/**
 * The paths of a schema's multi-line fields, array items written as `*` (e.g. `messages.*.content`); a marked
 * object covers everything under it. Read once per route, when its schema is compiled.
 */
export const multilinePaths = (schema: z.ZodType | undefined): string[] => markedPaths(schema, MULTILINE);

/** The paths of a schema's scanned-code fields (see `scannedCode`), written as `multilinePaths` writes them. */
export const scannedCodePaths = (schema: z.ZodType | undefined): string[] =>
  markedPaths(schema, SCANNED_CODE);

function markedPaths(schema: z.ZodType | undefined, marker: string): string[] {
  const found = new Set<string>();
  const seen = new Set<z.ZodType>();
  const walk = (s: z.ZodType | undefined, path: string) => {
    if (!s || typeof s !== 'object' || !('_zod' in s)) return;
    if (z.globalRegistry.get(s)?.[marker]) {
      found.add(path);
      return;
    }
    if (seen.has(s)) return;
    seen.add(s);
    const def = (s as unknown as { _zod: { def: Def } })._zod.def;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (def.shape) for (const [key, child] of Object.entries(def.shape)) walk(child, at(key));
    for (const inner of [def.innerType, def.in, def.out, def.left, def.right]) walk(inner, path);
    if (def.element) walk(def.element, at('*'));
    if (def.valueType) walk(def.valueType, at('*'));
    for (const option of def.options ?? []) walk(option, path);
  };
  walk(schema, '');
  return [...found];
}

/**
 * Characters of a raw JSON text without which no string parsed from it can break the rule: an escape sequence
 * (`\u0000`, `\n`) could spell anything, and the others are refused themselves. A raw C0 control character needs
 * no place here: JSON allows none inside a string, so the parser refuses it first.
 */
const RAW_JSON_SUSPECT = /[\\\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;

/**
 * True when the JSON text `raw` holds nothing the rule could be about, so whatever it parses to needs no walk: one
 * scan of the text a server read anyway, instead of a look at each of the thousands of strings of a reader's batch.
 */
export const jsonTextIsClean = (raw: string): boolean => !RAW_JSON_SUSPECT.test(raw);

/** Any character a rule could be about (paired surrogates included): text without one needs no closer look. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's whole job.
const SUSPECT = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;

/**
 * True when some string in `data` (keys included) holds a suspect character. Every request body goes through this
 * (a reader's batch is thousands of strings), so it allocates nothing; bodies nested deeper than it goes are
 * handed to the full walk.
 */
function mayHaveProblem(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return SUSPECT.test(value);
  if (!value || typeof value !== 'object') return false;
  if (depth > 64) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (mayHaveProblem(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (SUSPECT.test(key) || mayHaveProblem((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The first string in `data` (keys included) that breaks the text rule, as a message naming its field, or
 * undefined. `multilines` comes from `multilinePaths` of the part's schema.
 */
export function findTextProblem(
  data: unknown,
  multilines: readonly string[] = [],
  codes: readonly string[] = [],
): string | undefined {
  if (!mayHaveProblem(data)) return undefined;
  type Node = { value: unknown; key: string; isItem: boolean; parent: Node | undefined };
  const keysOf = (node: Node | undefined, asPattern: boolean): string[] => {
    const keys: string[] = [];
    for (let n = node; n?.parent; n = n.parent) keys.unshift(asPattern && n.isItem ? '*' : n.key);
    return keys;
  };
  // A field's name in a message: its path, cut to its end when a body nests deeper than anyone could read.
  const fieldName = (node: Node) => {
    const path = keysOf(node, false).join('.');
    return path.length > 120 ? `…${path.slice(-120)}` : path;
  };
  const isUnder = (node: Node, paths: readonly string[]) => {
    if (!paths.length) return false;
    const pattern = keysOf(node, true).join('.');
    return paths.some((m) => m === '' || pattern === m || pattern.startsWith(`${m}.`));
  };
  // Iterative, with parent links: a body nested a million levels deep is walked like any other.
  const stack: Node[] = [{ value: data, key: '', isItem: false, parent: undefined }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      const problem = textProblem(value, isUnder(node, multilines), isUnder(node, codes));
      if (problem) return textProblemMessage(fieldName(node) || 'value', problem);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    const isArray = Array.isArray(value);
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      const keyProblem = isArray ? undefined : textProblem(key);
      if (keyProblem) {
        const where = fieldName(node);
        return textProblemMessage(where ? `A field name in ${where}` : 'A field name', keyProblem);
      }
      stack.push({ value: child, key, isItem: isArray, parent: node });
    }
  }
  return undefined;
}
