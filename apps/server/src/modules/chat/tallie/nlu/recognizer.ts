import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TAuditStatus, TMenuKey } from '@quantics/contracts';
import { CORPUS, type IntentName, type IntentSpec, NONE_UTTERANCES } from './corpus.ts';
import { AUDIT_STATUS_TEXTS, PAGE_TEXTS, PERIODS, type PeriodKey } from './entities.ts';
import { type NgramSettings, type Scored, trainNgram } from './ngram-classifier.ts';
import { normalise } from './normalise.ts';
import { asksForProduct, isTopicTalk, placeOf, productOf } from './product-entity.ts';

/**
 * Tallie's intent recognition: an NLP.js model trained from the example utterances in corpus.ts (a small neural
 * classifier over stemmed words, with spelling correction against the corpus's words) and enum entities for
 * periods, audit statuses and pages. Loaded and trained once per process on the first question (2-4 s of CPU on the
 * shared machine; not at start-up, where it would hold up the event loop), offline; recognising a question takes
 * well under a millisecond at the median.
 */
export type Entities = {
  product?: string;
  /** A place the product question may name ("in the back room"): a candidate, kept if a location has that name. */
  place?: string;
  period?: PeriodKey;
  status?: TAuditStatus;
  page?: TMenuKey;
};

export type Understanding = {
  /** The recognised intent, or 'None' when nothing was recognised. */
  intent: IntentName | 'None';
  score: number;
  /** Sure enough to answer; otherwise Tallie says what it understood and offers the closest topics. */
  confident: boolean;
  entities: Entities;
  /** The closest intents, best first (the recognised one included), for suggestions. */
  closest: { intent: IntentName; score: number }[];
};

type NlpEntity = { entity: string; option?: string; accuracy: number };
type NlpResult = {
  intent: string;
  score: number;
  classifications?: { intent: string; score: number }[];
  entities?: NlpEntity[];
};
type NlpEngine = {
  settings: Record<string, unknown>;
  forceNER: boolean;
  ner: {
    settings: Record<string, unknown>;
    process(
      input: { locale: string; utterance: string; threshold: number },
      entities: string[],
    ): Promise<{ entities?: NlpEntity[] }>;
  };
  addLanguage(locale: string): void;
  addDocument(locale: string, utterance: string, intent: string): void;
  addNerRuleOptionTexts(locale: string, name: string, option: string, texts: string[]): void;
  train(): Promise<unknown>;
  export(minified?: boolean): string;
  import(data: string): void;
  classify(locale: string, utterance: string): Promise<NlpResult>;
};

const INTENT_NAMES: ReadonlySet<string> = new Set<string>(CORPUS.map((i) => i.name));
const PRODUCT = /%product%/g;
const ENTITY_TEXTS: Record<string, readonly string[]> = {
  period: Object.values(PERIODS).flat(),
  status: Object.values(AUDIT_STATUS_TEXTS).flat(),
  page: Object.values(PAGE_TEXTS).flat(),
};

/**
 * An example as the sentences the classifier learns: each %period%, %status% and %page% filled in with the
 * entity's texts in turn (so every text is learned somewhere), and %product% left out: a product name is the
 * company's own free text, read after the intent (product-entity.ts); the classifier learns the words around it.
 */
function expand(utterance: string, turn: Record<string, number>, variants: Record<string, number>): string[] {
  const plain = utterance.replace(PRODUCT, ' ');
  if (!/%\w+%/.test(plain)) return [plain.replace(/\s+/g, ' ').trim()];
  const names = [...plain.matchAll(/%(\w+)%/g)].map((m) => m[1] as string);
  const count = Math.max(...names.map((n) => variants[n] ?? 1));
  return Array.from({ length: count }, () =>
    plain
      .replace(/%(\w+)%/g, (_, name: string) => {
        const texts = ENTITY_TEXTS[name] ?? [];
        turn[name] = ((turn[name] ?? -1) + 1) % texts.length;
        return texts[turn[name]] ?? '';
      })
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export type Tuning = {
  /** Sentences per example with a placeholder, by entity. */
  variants: Record<string, number>;
  spellCheck: boolean;
  /** The n-gram classifier's share of the score (0: NLP.js alone), and its settings. */
  ensemble: number;
  ngram: NgramSettings;
  /** Below this score Tallie does not act on what it recognised (chosen on set A and cross-validation). */
  threshold: number;
  /** Spelling correction before the classifiers: 0 none, else the word length from which two edits are allowed. */
  correct: number;
};
export const TUNING: Tuning = {
  variants: { period: 3, status: 3, page: 6 },
  spellCheck: true,
  ensemble: 0.5,
  ngram: { nearest: 3, temperature: 0.03, floor: 0.2 },
  threshold: 0.4,
  correct: 8,
};

/** A topic scored below this is not offered as one of the closest: the n-gram classifier's faint likenesses. */
const CLOSE = 0.1;

type Model = {
  nlp: NlpEngine;
  ngram: (text: string) => Scored[];
  tuning: Tuning;
  correct: (text: string) => string;
};

/**
 * Where a trained NLP.js model is kept between runs: a file in DATA_DIR named by a hash of everything training
 * reads (the corpus, the entity texts, the tuning, the NLP.js version), so a changed corpus is trained anew. Reading
 * it back replaces the training; a missing, stale or unreadable file is trained and written again. A folder that
 * does not exist is not created (no cache).
 */
export type ModelCache = { dir: string };

type Example = { text: string; intent: string };

/** NLP.js with Tallie's settings and entities, untrained. */
async function newEngine(tuning: Tuning): Promise<NlpEngine> {
  // Loaded on first use, not at start-up: a server that is never asked does not pay for NLP.js.
  const [{ containerBootstrap }, { Nlp }, { LangEn }] = await Promise.all([
    import('@nlpjs/core'),
    import('@nlpjs/nlp'),
    import('@nlpjs/lang-en-min'),
  ]);
  const container = await containerBootstrap();
  container.use(Nlp);
  container.use(LangEn);
  // The classifier's settings: quiet, and typos corrected against the corpus's own words (one edit away).
  container.registerConfiguration(
    'nlu-en',
    { log: false, spellCheck: tuning.spellCheck, spellCheckDistance: 1 },
    true,
  );
  const nlp = container.get('nlp') as NlpEngine;
  Object.assign(nlp.settings, {
    autoSave: false,
    autoLoad: false,
    threshold: 0,
    calculateSentiment: false,
  });
  nlp.ner.settings.considerOnlyIntentEntities = true;
  nlp.addLanguage('en');
  const enumEntity = (name: string, options: Record<string, readonly string[]>) => {
    for (const [option, texts] of Object.entries(options))
      nlp.addNerRuleOptionTexts('en', name, option, [...texts]);
  };
  enumEntity('period', PERIODS);
  enumEntity('status', AUDIT_STATUS_TEXTS);
  enumEntity('page', PAGE_TEXTS);
  return nlp;
}

/** The sentences the classifiers learn, normalised as a question is. */
function examplesOf(corpus: IntentSpec[], tuning: Tuning): Example[] {
  const turn: Record<string, number> = {};
  const examples: Example[] = [];
  for (const intent of corpus)
    for (const u of intent.utterances)
      for (const text of expand(u, turn, tuning.variants)) examples.push({ text, intent: intent.name });
  for (const text of NONE_UTTERANCES) examples.push({ text, intent: 'None' });
  for (const e of examples) e.text = normalise(e.text);
  return examples;
}

/** NLP.js trained on Tallie's corpus, exported as the cache file keeps it (what train-worker.mjs posts back). */
export async function trainedModel(): Promise<string> {
  const nlp = await newEngine(TUNING);
  for (const e of examplesOf(CORPUS, TUNING)) nlp.addDocument('en', e.text, e.intent);
  await nlp.train();
  return nlp.export(true);
}

/**
 * The model: read from the cache file, else the one a worker trained ahead (`ahead`, which wrote it to the cache),
 * else trained here and written to the cache.
 */
async function train(
  corpus: IntentSpec[],
  tuning: Tuning,
  cache?: ModelCache,
  ahead?: Promise<string | null> | null,
): Promise<Model> {
  const nlp = await newEngine(tuning);
  const examples = examplesOf(corpus, tuning);
  const file = cache && existsSync(cache.dir) ? await cacheFile(cache, examples, tuning) : null;
  const saved = file && (await readFile(file, 'utf8').catch(() => null));
  const imported = (model: string | null | undefined) => {
    if (!model) return false;
    try {
      nlp.import(model);
      return true;
    } catch {
      // Unreadable: trained below, and written anew.
      return false;
    }
  };
  // A model trained ahead was written to the cache when the worker posted it.
  if (imported(saved) || imported(ahead ? await ahead : null)) return model(nlp, examples, tuning);
  for (const e of examples) nlp.addDocument('en', e.text, e.intent);
  await nlp.train();
  if (file) await writeAtomically(file, nlp.export(true)).catch(() => undefined);
  return model(nlp, examples, tuning);
}

async function model(nlp: NlpEngine, examples: Example[], tuning: Tuning): Promise<Model> {
  return { nlp, ngram: trainNgram(examples, tuning.ngram), tuning, correct: await speller(examples, tuning) };
}

/**
 * Spelling correction against the corpus's own words, before both classifiers: a word the examples never use, of 4
 * letters or more, becomes the example word fewest edits away (NLP.js's SpellCheck: one edit, two from 8 letters;
 * the more frequent word on a tie). Entity texts count as corpus words.
 */
async function speller(examples: { text: string }[], tuning: Tuning) {
  if (!tuning.correct) return (text: string) => text;
  const { SpellCheck } = await import('@nlpjs/similarity');
  const words: Record<string, number> = {};
  const texts = [...examples.map((e) => e.text), ...Object.values(ENTITY_TEXTS).flat().map(normalise)];
  for (const t of texts) for (const w of t.match(/[a-z]+/g) ?? []) words[w] = (words[w] ?? 0) + 1;
  const spell = new SpellCheck({ features: words });
  return (text: string) =>
    text.replace(/[a-z]+/g, (w) =>
      w.length < 4 || words[w] ? w : spell.checkToken(w, w.length >= tuning.correct ? 2 : 1),
    );
}

async function cacheFile(cache: ModelCache, examples: unknown, tuning: Tuning): Promise<string> {
  const { version } = JSON.parse(
    await readFile(createRequire(import.meta.url).resolve('@nlpjs/nlp/package.json'), 'utf8'),
  ) as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify({ examples, tuning, version, PERIODS, AUDIT_STATUS_TEXTS, PAGE_TEXTS }))
    .digest('hex')
    .slice(0, 16);
  return join(cache.dir, `tallie-model-${key}.json`);
}

/** Written whole or not at all; the models of an older corpus are removed. */
async function writeAtomically(file: string, text: string) {
  const dir = dirname(file);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
  for (const old of await readdir(dir))
    if (/^tallie-model-\w+\.json$/.test(old) && old !== basename(file))
      await rm(join(dir, old), { force: true });
}

/** Tallie's intent recognizer: one per app (buildApp makes it), holding its trained model. */
export type Recognizer = {
  /** Trains (or reads the cached model) now, if not done yet. */
  warm(): Promise<unknown>;
  /**
   * Trains the model in a worker thread now, unless the cache has it: the first question then only loads it. What
   * it did: 'trained', 'cached' (nothing to do), or 'failed' (the first question trains it here, as without). The
   * demo's seed calls it; a server does not at start-up (1.3 s of CPU, and 0.4 s more for the worker's TypeScript,
   * on every start with a fresh DATA_DIR, asked or not: it was 1.2 ms of every 1,000 reads in the ingest benchmark).
   */
  trainAhead(): Promise<'trained' | 'cached' | 'failed'>;
  recognize(text: string): Promise<Understanding>;
  /** Stops a training worker still running. */
  close(): Promise<void>;
};

/**
 * Trains on first use (or reads the model trained before from the cache, or takes the one `trainAhead` trained)
 * and keeps it for the life of the object. Not on the event loop at start-up: training right after `listen` held it
 * up while the server was starting. A failed training is tried again on the next question.
 */
export function createRecognizer(cache?: ModelCache): Recognizer {
  let engine: Promise<Model> | null = null;
  let worker: Worker | null = null;
  let ahead: Promise<string | null> | null = null;
  const warm = () => {
    engine ??= train(CORPUS, TUNING, cache, ahead).catch((err) => {
      engine = null;
      throw err;
    });
    return engine;
  };
  const trainAhead = async () => {
    if (engine) return 'cached' as const;
    if (!ahead) {
      const file =
        cache && existsSync(cache.dir) ? await cacheFile(cache, examplesOf(CORPUS, TUNING), TUNING) : null;
      if (file && existsSync(file)) return 'cached' as const;
      ahead ??= new Promise<string | null>((resolve) => {
        worker = new Worker(new URL('./train-worker.mjs', import.meta.url));
        worker.unref();
        worker.once('message', (m: unknown) => {
          const model = typeof m === 'string' ? m : null;
          // Kept for the next start too, even if no one asks before it.
          const kept = model && file ? writeAtomically(file, model).catch(() => undefined) : null;
          void Promise.resolve(kept).then(() => resolve(model));
        });
        worker.once('error', () => resolve(null));
        worker.once('exit', () => {
          worker = null;
          resolve(null);
        });
      });
    }
    return (await ahead) ? ('trained' as const) : ('failed' as const);
  };
  return {
    warm,
    trainAhead,
    recognize: async (text) => understand(await warm(), text),
    close: async () => {
      await worker?.terminate();
    },
  };
}

function bestOption<T extends string>(entities: NlpEntity[], name: string): T | undefined {
  let best: NlpEntity | undefined;
  for (const e of entities) if (e.entity === name && (!best || e.accuracy > best.accuracy)) best = e;
  return best?.option as T | undefined;
}

/** The entities each intent reads; the others are not looked for (the fuzzy entity search is the costly part). */
const ENTITIES_OF: Partial<Record<IntentName, string[]>> = {
  'stock.expiring': ['period'],
  'audits.recent': ['period', 'status'],
  'shrink.losses': ['period'],
  'shrink.why': ['period'],
  'nav.page': ['page'],
};

/** A recognizer trained on another corpus or tuning (cross-validation in bench/tallie-intents.mjs), or cached elsewhere. */
export async function trainRecognizer(corpus: IntentSpec[], tuning: Tuning, cache?: ModelCache) {
  const model = await train(corpus, tuning, cache);
  return (text: string) => understand(model, text);
}

/** Both classifiers' scores, weighted, best first. */
async function classify({ nlp, ngram, tuning }: Model, question: string): Promise<Scored[]> {
  const r = await nlp.classify('en', question);
  const w = tuning.ensemble;
  const scores = new Map<string, number>();
  for (const c of r.classifications ?? []) scores.set(c.intent, (1 - w) * c.score);
  if (w > 0) for (const c of ngram(question)) scores.set(c.intent, (scores.get(c.intent) ?? 0) + w * c.score);
  return [...scores].map(([intent, score]) => ({ intent, score })).sort((a, b) => b.score - a.score);
}

async function understand(model: Model, text: string): Promise<Understanding> {
  const { nlp } = model;
  const question = text.replace(/\s+/g, ' ').trim().slice(0, 500);
  const normalised = model.correct(normalise(question));
  const classes = await classify(model, normalised);
  const r = classes[0] ?? { intent: 'None', score: 1 };
  const closest = classes
    .filter((c) => INTENT_NAMES.has(c.intent) && c.score >= CLOSE)
    .slice(0, 3)
    .map((c) => ({ intent: c.intent as IntentName, score: c.score }));
  const intent = INTENT_NAMES.has(r.intent) ? (r.intent as IntentName) : 'None';
  const entities: Entities = {};
  const wanted = intent === 'None' ? undefined : ENTITIES_OF[intent];
  if (wanted) {
    // Exact texts first (fast); the fuzzy search ("nxt week") only for an entity not found so. The list is a copy:
    // NLP.js empties the one it is given.
    const search = async (threshold: number, names: string[]) =>
      (await nlp.ner.process({ locale: 'en', utterance: normalised, threshold }, [...names])).entities ?? [];
    const found = await search(1, wanted);
    const missing = wanted.filter((name) => !found.some((e) => e.entity === name));
    if (missing.length) found.push(...(await search(0.8, missing)));
    const period = bestOption<PeriodKey>(found, 'period');
    const status = bestOption<TAuditStatus>(found, 'status');
    const page = bestOption<TMenuKey>(found, 'page');
    if (period) entities.period = period;
    if (status) entities.status = status;
    if (page) entities.page = page;
  }
  let confident = intent !== 'None' && r.score >= model.tuning.threshold;
  if (intent === 'stock.find') {
    const product = productOf(question);
    if (product && !isTopicTalk(product) && asksForProduct(question, product)) {
      entities.product = product;
      const place = placeOf(question);
      if (place) entities.place = place;
    }
    // "Where is" without a product is still a product question (Tallie asks which); words of other topics are not.
    else if (product) confident = false;
  }
  return { intent, score: r.score, confident, entities, closest };
}
