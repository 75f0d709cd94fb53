import { CORPUS } from './corpus.ts';

/**
 * The product a "where is / how many" question names: a name, SKU, GTIN or RFID tag is the company's own free text,
 * so it is what is left once the words around it are taken off both ends. Those words are the ones the corpus
 * uses around %product% in its stock.find examples, and a few fillers. 'product' and 'item' stay (they are often
 * part of a name: "Product #777"). When what is left holds a code (letters and digits: a SKU, GTIN or tag), the
 * code is the product.
 */
const FILLERS = [
  'a',
  'an',
  'the',
  'any',
  'some',
  'our',
  'my',
  'we',
  'us',
  'i',
  'you',
  'please',
  'pls',
  'still',
  'got',
  'have',
  'has',
  'had',
  'left',
  'currently',
  'right',
  'now',
  'there',
  'hand',
  'on',
  'in',
  'at',
  'kept',
  'stored',
  'located',
  'wheres',
  'whats',
  "what's",
  "where's",
  'is',
  'are',
  'of',
  'for',
  'with',
  'much',
  'many',
  'units',
  'unit',
  'stock',
  'level',
  'levels',
  'sku',
  'gtin',
  'tag',
  'rfid',
  'epc',
  'barcode',
  'code',
  'number',
  'quantity',
  'qty',
  'can',
  'could',
  'do',
  'does',
  'tell',
  'me',
  'show',
  'find',
  'where',
  'how',
  'which',
  'what',
  'look',
  'up',
  'search',
  'check',
  'count',
  'shelf',
  'location',
  'it',
];

/** Built once from the corpus and never changed (read-only). */
const carriers: ReadonlySet<string> = new Set<string>([
  ...FILLERS,
  ...CORPUS.filter((intent) => intent.name === 'stock.find').flatMap((intent) =>
    intent.utterances.flatMap((u) =>
      u
        .replace(/%product%/g, ' ')
        .toLowerCase()
        .split(/[^a-z']+/)
        .filter((w) => w && w !== 'product' && w !== 'item'),
    ),
  ),
]);

const CODE = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9._/-]{2,}$/;
const edgePunctuation = /^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu;

export function productOf(question: string): string | null {
  const words = question
    .split(/\s+/)
    .map((w) => w.replace(edgePunctuation, ''))
    .filter(Boolean);
  const isCarrier = (w: string) => carriers.has(w.toLowerCase().replace(/’/g, "'"));
  let start = 0;
  let end = words.length;
  while (start < end && isCarrier(words[start] as string)) start++;
  while (end > start && isCarrier(words[end - 1] as string)) end--;
  const span = words.slice(start, end);
  if (!span.length) return null;
  const code = span.filter((w) => CODE.test(w));
  if (code.length === 1 && span.length > 1) return code[0] as string;
  return span.join(' ');
}

/** Words of the other topics' examples ("almost", "expire", "setup"), beyond the few that also make names. */
const topicWords: ReadonlySet<string> = new Set(
  CORPUS.filter((intent) => intent.name !== 'stock.find').flatMap((intent) =>
    intent.utterances.flatMap((u) =>
      u
        .replace(/%\w+%/g, ' ')
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length > 2 && !carriers.has(w)),
    ),
  ),
);

/**
 * Whether the words left as a product are mostly words of Tallie's other topics ("products are almost gone",
 * "walk me through the setup"): then the question is not about a product, and the catalogue is not searched with
 * them.
 */
export function isTopicTalk(product: string): boolean {
  const words = product
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !carriers.has(w));
  if (!words.length) return true;
  return words.filter((w) => topicWords.has(w)).length * 2 > words.length;
}

/** Words that make a question about a product's place or count; without one, only a code (a SKU, tag) is taken. */
const PRODUCT_CUES: ReadonlySet<string> = new Set([
  'where',
  'wheres',
  "where's",
  'many',
  'much',
  'find',
  'locate',
  'search',
  'look',
  'lookup',
  'stock',
  'quantity',
  'qty',
  'units',
  'left',
  'have',
  'got',
  'carry',
  'sku',
  'gtin',
  'tag',
  'epc',
  'barcode',
  'hand',
  'shelf',
  'location',
  'kept',
  'stored',
  'located',
  'pieces',
]);

/**
 * Whether a question read as "where is / how many" really names a product: it asks with one of the words of such
 * questions, or the product is a code. "What is the capital of France" has neither, and is not searched for.
 */
export function asksForProduct(question: string, product: string): boolean {
  if (product.split(' ').length === 1 && CODE.test(product)) return true;
  return question
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/[^a-z']+/)
    .some((w) => PRODUCT_CUES.has(w));
}

/** Words that put a product in a place: "in the back room", "at Store B", "on the sales floor". */
const PLACE_WORDS: ReadonlySet<string> = new Set(['in', 'at', 'on', 'inside']);
/** What follows such a word without being a place: "in stock", "on hand", "in total". */
const NOT_PLACES: ReadonlySet<string> = new Set([
  'stock',
  'hand',
  'total',
  'all',
  'inventory',
  'the inventory',
  'the catalogue',
  'the catalog',
  'the system',
  'the portal',
  'quantics',
]);
const PLACE_ARTICLES: ReadonlySet<string> = new Set(['the', 'our', 'my', 'your']);
const PLACE_TAIL: ReadonlySet<string> = new Set([
  'right',
  'now',
  'currently',
  'please',
  'pls',
  'today',
  'left',
]);

/**
 * The place a "how many X in the back room" question may name: what follows the first "in", "at" or "on" after the
 * product begins, without its article and trailing fillers ("back room"). Only a candidate: a location's name is the
 * company's own free text, so Tallie's tool keeps it only when one of the company's locations has that name (else
 * "Cat in the Hat" is still the product).
 */
export function placeOf(question: string): string | null {
  const words = question
    .split(/\s+/)
    .map((w) => w.replace(edgePunctuation, ''))
    .filter(Boolean);
  const isCarrier = (w: string) => carriers.has(w.toLowerCase().replace(/’/g, "'"));
  let start = 0;
  while (start < words.length && isCarrier(words[start] as string)) start++;
  const at = words.findIndex((w, i) => i > start && PLACE_WORDS.has(w.toLowerCase()));
  if (at < 0) return null;
  let from = at + 1;
  let end = words.length;
  while (from < end && PLACE_ARTICLES.has((words[from] as string).toLowerCase())) from++;
  while (end > from && PLACE_TAIL.has((words[end - 1] as string).toLowerCase())) end--;
  const place = words.slice(from, end).join(' ');
  if (
    !place ||
    NOT_PLACES.has(place.toLowerCase()) ||
    NOT_PLACES.has(
      words
        .slice(at + 1, end)
        .join(' ')
        .toLowerCase(),
    )
  )
    return null;
  return place;
}
