// The inventory report's memory on a fresh server: seeds one company's catalogue (1,000,000 products by default) on
// the PostgreSQL server, downloads GET /api/reports/inventory.csv three times in a row, and prints for each its size,
// time and the server's peak resident memory growth (Linux /proc). bench/dashboard.mjs measures the same download
// after its statistics runs, on a server whose heap those runs have already grown.
// Usage: node bench/report-memory.mjs [products=1000000]   (BENCH_DATABASE_URL as for the other benchmarks)
import pg from 'pg';
import { seedProducts, startBench } from './lib.mjs';

const PRODUCTS = Number(process.argv[2] ?? 1_000_000);
const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 4 });
try {
  const main = await bench.register('Report Co');
  await seedProducts(pool, main.companyId, PRODUCTS, 'M');
  const headers = { authorization: `Bearer ${main.token}` };
  for (let run = 1; run <= 3; run++) {
    await bench.resetPeak();
    const before = bench.rssKb();
    const t0 = performance.now();
    const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `download ${run}: ${(bytes / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s (${(PRODUCTS / seconds).toFixed(0)} rows/s); server RSS before ${(before / 1024).toFixed(0)} MB, peak growth ${((bench.peakKb() - before) / 1024).toFixed(0)} MB`,
    );
  }
} finally {
  await pool.end();
  await bench.stop();
}
