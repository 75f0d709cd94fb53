// Tallie's intent recognition measured on the held-out phrasings (bench/data/tallie-held-out.tsv: written before the
// training corpus, never copied into it), beside the keyword rules it replaced (bench/data/tallie-keyword-rules.mjs).
// Prints the training time of a cold process, accuracy (intent and entities both right; a low-confidence answer
// counts as 'None'), the misses, and recognition latency. No database or server: the recognizer in process.
// Usage: node --import tsx bench/tallie-intents.mjs [rounds=20]
import { readFileSync } from 'node:fs';
import { recognize, warm } from '../apps/server/src/modules/chat/tallie/nlu/recognizer.ts';
import { keywordIntent } from './data/tallie-keyword-rules.mjs';

const ROUNDS = Number(process.argv[2] ?? 20);
const cases = readFileSync(new URL('./data/tallie-held-out.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [intent, entities, text] = l.split('\t');
    const want = entities === '-' ? {} : Object.fromEntries(entities.split(';').map((kv) => kv.split('=')));
    return { intent, want, text };
  });

const sameEntities = (want, got) =>
  Object.entries(want).every(([k, v]) => String(got[k] ?? '').toLowerCase() === v.toLowerCase());
const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;
const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const t0 = performance.now();
await warm();
const trainMs = performance.now() - t0;

async function score(name, classify) {
  let right = 0;
  let intentRight = 0;
  const misses = [];
  for (const c of cases) {
    const got = await classify(c.text);
    const ok = got.intent.split('|').includes(c.intent);
    if (ok) intentRight++;
    if (ok && sameEntities(c.want, got.entities)) right++;
    else
      misses.push(
        `  ${c.text}  | want ${c.intent} ${JSON.stringify(c.want)} | got ${got.intent} ${JSON.stringify(got.entities)}`,
      );
  }
  const times = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const c of cases) {
      const s = performance.now();
      await classify(c.text);
      times.push(performance.now() - s);
    }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    name,
    right,
    intentRight,
    misses,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    mean,
  };
}

const nlp = await score('NLP.js recognizer', async (text) => {
  const u = await recognize(text);
  return { intent: u.confident ? u.intent : 'None', entities: u.entities };
});
const rules = await score('keyword rules (before)', async (text) => {
  const k = keywordIntent(text);
  // The introduction answers "what can you do" and off-topic questions as well as anything can.
  const intent = k.intent === 'introduction' ? 'chat.capabilities|None' : k.intent;
  return { intent, entities: k.entities };
});
console.log(
  `Held-out phrasings: ${cases.length} (${new Set(cases.map((c) => c.intent)).size} intents, ${cases.filter((c) => Object.keys(c.want).length).length} with entities)`,
);
console.log(`Training (cold process, first use): ${trainMs.toFixed(0)} ms`);
console.log('');
console.log(
  '                         right (intent+entities)  intent only   p50 ms   p95 ms   p99 ms  mean ms',
);
for (const r of [nlp, rules]) {
  console.log(
    `${r.name.padEnd(25)}${`${r.right}/${cases.length} ${pct(r.right, cases.length)}`.padEnd(25)}${pct(r.intentRight, cases.length).padEnd(12)}${r.p50.toFixed(3).padStart(7)}  ${r.p95.toFixed(3).padStart(7)}  ${r.p99.toFixed(3).padStart(7)}  ${r.mean.toFixed(3).padStart(7)}`,
  );
}
console.log(
  `\nLatency over ${ROUNDS} rounds of every phrasing, in process (the recognizer's entity search is most of it).`,
);
console.log(`\nMissed by the recognizer (${nlp.misses.length}):\n${nlp.misses.join('\n')}`);
