/**
 * Tallie's second classifier, beside NLP.js's (recognizer.ts): each sentence as TF-IDF weighted words and character
 * n-grams of its words, an intent scored by how close the question is to its nearest examples and to their centre
 * (cosine). Character n-grams carry what stems miss: a word never seen whole but close in form to one that was
 * ("valuation" / "value", "understocked" / "stock") and typos more than one edit away. No training beyond counting;
 * recognising looks only at the examples that share a feature with the question (an inverted index).
 */
export type Scored = { intent: string; score: number };

type Vector = Map<string, number>;

/** The features of a sentence: each word, and the 3- and 4-grams of each word padded with '#' at its ends. */
function features(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (f: string) => counts.set(f, (counts.get(f) ?? 0) + 1);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w ${word}`);
    const padded = `#${word}#`;
    for (const n of [3, 4]) for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n));
  }
  return counts;
}

function normalised(counts: Map<string, number>, idf: Map<string, number>): Vector {
  const v: Vector = new Map();
  let norm = 0;
  for (const [f, c] of counts) {
    const w = (1 + Math.log(c)) * (idf.get(f) ?? 0);
    if (!w) continue;
    v.set(f, w);
    norm += w * w;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [f, w] of v) v.set(f, w / norm);
  return v;
}

export type NgramSettings = {
  /** How many nearest examples of an intent are averaged. */
  nearest: number;
  /** The softmax temperature that turns similarities into scores summing to 1. */
  temperature: number;
  /**
   * The closeness 'None' has at least: a question no nearer than this to any intent's examples is not about
   * any of them ("zzkq plorf"), however its faint likenesses rank.
   */
  floor: number;
};

export function trainNgram(examples: { text: string; intent: string }[], settings: NgramSettings) {
  const featured = examples.map((e) => ({ intent: e.intent, counts: features(e.text) }));
  const df = new Map<string, number>();
  for (const e of featured) for (const f of e.counts.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [f, n] of df) idf.set(f, Math.log(1 + featured.length / n));
  const intents = [...new Set(examples.map((e) => e.intent))];
  const index = new Map<string, { example: number; weight: number }[]>();
  const labels: number[] = [];
  featured.forEach((e, example) => {
    labels.push(intents.indexOf(e.intent));
    for (const [f, weight] of normalised(e.counts, idf)) {
      const postings = index.get(f) ?? [];
      if (!postings.length) index.set(f, postings);
      postings.push({ example, weight });
    }
  });

  return (text: string): Scored[] => {
    const sims = new Map<number, number>();
    for (const [f, w] of normalised(features(text), idf))
      for (const p of index.get(f) ?? []) sims.set(p.example, (sims.get(p.example) ?? 0) + w * p.weight);
    const best: number[][] = intents.map(() => []);
    for (const [example, sim] of sims) best[labels[example] as number]?.push(sim);
    const closeness = best.map((sims) => {
      sims.sort((a, b) => b - a);
      let sum = 0;
      for (let i = 0; i < settings.nearest; i++) sum += sims[i] ?? 0;
      return sum / settings.nearest;
    });
    const none = intents.indexOf('None');
    if (none >= 0) closeness[none] = Math.max(closeness[none] as number, settings.floor);
    const top = Math.max(...closeness);
    const exp = closeness.map((c) => Math.exp((c - top) / settings.temperature));
    const total = exp.reduce((a, b) => a + b, 0);
    return intents
      .map((intent, i) => ({ intent, score: (exp[i] as number) / total }))
      .sort((a, b) => b.score - a.score);
  };
}
