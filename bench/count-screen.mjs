// The Count screen keeps up with a handheld: N distinct EPCs typed into it as a keyboard-wedge reader types them
// (each EPC's 24 hex digits then Enter, no pause between tags) in Chromium, against a real server on PostgreSQL.
// Prints how many the screen counted and the finished audit found, and the latency from each tag's Enter to the
// tag showing in the "Last reads" list (in the DOM, and at the next animation frame), p50/p95/max.
// Usage: node bench/count-screen.mjs [tags=2000]   (needs the built web app: npm run build -w apps/web)
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL) and Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { seedProducts } from './lib.mjs';
import { freshDatabase, pct, signUp, startServer } from './readers-lib.mjs';

const require = createRequire(join(import.meta.dirname, '..', 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

const tags = Number(process.argv[2] ?? 2000);
const epcOf = (sku) => Buffer.from(sku.padEnd(12, '0'), 'ascii').toString('hex').toUpperCase();

const db = await freshDatabase();
const server = await startServer(db.url);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const token = await signUp(server.base);
  const me = await (
    await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const pool = new pg.Pool({ connectionString: db.url });
  await seedProducts(pool, me.company_id, tags, 'CS');
  await pool.end();
  const epcs = Array.from({ length: tags }, (_, i) => epcOf(`CS${String(i + 1).padStart(8, '0')}`));

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(server.base);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${server.base}/count`);
  await page.getByLabel('Handheld name').fill('Bench MC3300');
  await page.getByRole('button', { name: 'Set up this handheld' }).click();
  await page.getByRole('button', { name: 'Start count' }).click();
  await page.getByLabel('Tag capture').waitFor();

  // In the page: when each tag's last hex digit and its Enter were pressed (keydown, capture phase: before the page
  // sees the key), and when its row first appears in "Last reads" (a MutationObserver: in the DOM), then the next
  // animation frame (about when it is painted). The screen takes a tag as soon as its 24th digit arrives (readers
  // may send no separator), so it usually shows before its Enter: a negative Enter -> shown time.
  await page.evaluate(() => {
    const state = { typed: '', complete: new Map(), enter: new Map(), dom: new Map(), frame: new Map() };
    window.__bench = state;
    let last = '';
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') {
          state.enter.set(last, performance.now());
          state.typed = '';
        } else if (e.key.length === 1) {
          state.typed += e.key;
          if (state.typed.length === 24) {
            last = state.typed.toUpperCase();
            state.complete.set(last, performance.now());
          }
        }
      },
      true,
    );
    new MutationObserver(() => {
      const now = performance.now();
      for (const li of document.querySelectorAll('[aria-label="Last reads"] li[data-epc]')) {
        const epc = li.getAttribute('data-epc');
        if (!epc || state.dom.has(epc)) continue;
        state.dom.set(epc, now);
        requestAnimationFrame(() => state.frame.set(epc, performance.now()));
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });

  const t0 = performance.now();
  await page.keyboard.type(epcs.map((e) => `${e}\n`).join(''));
  const typingSeconds = (performance.now() - t0) / 1000;
  await page
    .getByTestId('count-found')
    .filter({ hasText: String(tags.toLocaleString('en-US')) })
    .waitFor();
  await page.locator(`[aria-label="Last reads"] li[data-epc="${epcs.at(-1)}"]`).waitFor();
  const onScreen = await page.getByTestId('count-found').innerText();
  const lat = await page.evaluate(() => {
    const s = window.__bench;
    const out = { fromDigit: [], fromEnter: [], frameFromEnter: [], entered: s.enter.size, unseen: [] };
    for (const [epc, at] of s.enter) {
      if (!s.dom.has(epc)) {
        out.unseen.push(epc);
        continue;
      }
      out.fromDigit.push(s.dom.get(epc) - s.complete.get(epc));
      out.fromEnter.push(s.dom.get(epc) - at);
      if (s.frame.has(epc)) out.frameFromEnter.push(s.frame.get(epc) - at);
    }
    return out;
  });

  const f0 = performance.now();
  await page.getByRole('button', { name: 'Finish count' }).click();
  await page.getByRole('dialog').waitFor();
  const finishMs = performance.now() - f0;
  const audits = await (
    await fetch(`${server.base}/api/audits`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const audit = audits.data[0];

  const row = (label, values) => {
    const sorted = values.slice().sort((a, b) => a - b);
    console.log(
      `${label.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${pct(sorted, 50).toFixed(1)} ms  p95 ${pct(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1).toFixed(1)} ms`,
    );
  };
  console.log(
    `Count screen, ${tags} distinct EPCs typed wedge-style (24 hex + Enter, no pause), Chromium headless, 390 px`,
  );
  console.log(
    `typing took ${typingSeconds.toFixed(1)} s (${Math.round((tags * 25) / typingSeconds)} keys/s)`,
  );
  console.log(`Enters seen by the page: ${lat.entered}; counted on screen: ${onScreen}`);
  row('24th digit -> row in Last reads', lat.fromDigit);
  row('Enter -> row in Last reads', lat.fromEnter);
  row('Enter -> next frame after the row', lat.frameFromEnter);
  if (lat.unseen.length) console.log(`tags never shown: ${JSON.stringify(lat.unseen).slice(0, 200)}`);
  console.log(`Finish -> result dialog: ${finishMs.toFixed(0)} ms`);
  console.log(
    `audit: status ${audit.status}, tags_found ${audit.tags_found}, unknown ${audit.unknown_count}, batches ${audit.batch_count}, reads ${audit.reads_count}`,
  );
  if (audit.tags_found !== tags || lat.fromEnter.length !== tags || lat.unseen.length > 0) {
    console.error('NOT ALL COUNTED');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
  await db.drop();
}
