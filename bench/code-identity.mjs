// The resolver in process: codes identified per second (contracts' identifyCode, what every way in runs once per
// scan when it is stored), for each kind a scanner sends, and matched against a catalogue of 100,000 products
// (matchCode over Maps, as the Count screen does with its sheet).
// Usage: node bench/code-identity.mjs [codes=200000]
import { tsImport } from 'tsx/esm/api';

const { identifyCode, matchCode, gtinCheckDigit, sgtin96, epcFromSku } = await tsImport(
  '../packages/contracts/src/index.ts',
  import.meta.url,
);
const n = Number(process.argv[2] ?? 200_000);
const GS = '\u001d';
const gtinOf = (i) => {
  const body = `0061414${String(i % 1_000_000).padStart(6, '0')}`;
  return body + gtinCheckDigit(body);
};
const kinds = {
  'EPC (our SKU tag)': (i) => epcFromSku(`B${String(i).padStart(7, '0')}`),
  'SGTIN-96 EPC': (i) => sgtin96(gtinOf(i), i, 6),
  'Metrc label': (i) => `1A4FF03000005${String(i).padStart(11, '0')}`,
  'UPC-A / EAN-13': (i) => gtinOf(i).slice(1),
  'UPC-E': () => '04252614',
  'GS1 DataMatrix (]d2, GS)': (i) => `]d201${gtinOf(i)}21S${i}${GS}10LOT${i % 97}${GS}17271231`,
  'GS1 element string, (AI) form': (i) => `(01)${gtinOf(i)}(21)S${i}`,
  'GS1 Digital Link': (i) => `https://id.gs1.org/01/${gtinOf(i)}/21/S${i}?17=271231`,
  SKU: (i) => `b${String(i).padStart(7, '0')}`,
};

// A catalogue as the Count screen holds it: products by EPC, GTIN and SKU.
const byEpc = new Map();
const byGtin = new Map();
const bySku = new Map();
for (let i = 1; i <= 100_000; i++) {
  const p = { id: i };
  byEpc.set(epcFromSku(`B${String(i).padStart(7, '0')}`), p);
  byGtin.set(gtinOf(i), p);
  bySku.set(`B${String(i).padStart(7, '0')}`, p);
}
const catalogue = { byEpc: (k) => byEpc.get(k), byGtin: (k) => byGtin.get(k), bySku: (k) => bySku.get(k) };

console.log(`identifyCode + matchCode, ${n.toLocaleString('en-US')} codes of each kind (best of 3)`);
for (const [kind, make] of Object.entries(kinds)) {
  const codes = Array.from({ length: n }, (_, i) => make((i % 100_000) + 1));
  let best = Number.POSITIVE_INFINITY;
  let matched = 0;
  for (let round = 0; round < 3; round++) {
    matched = 0;
    const t = performance.now();
    for (const code of codes) if (matchCode(identifyCode(code), catalogue)) matched++;
    best = Math.min(best, performance.now() - t);
  }
  const perSecond = (n / best) * 1000;
  console.log(
    `  ${kind.padEnd(32)} ${Math.round(perSecond).toLocaleString('en-US').padStart(11)} codes/s  (${((best * 1000) / n).toFixed(2)} us each, ${matched.toLocaleString('en-US')} matched)`,
  );
}
