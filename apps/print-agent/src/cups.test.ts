import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { epcFromSku, labelZpl } from '@quantics/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { PrinterSet } from './printers.ts';

/**
 * CUPS as the utility meets it: the `lpstat` and `lp` commands. Stand-ins for both (separate programs on PATH,
 * speaking CUPS' command-line interface) list two queues and keep each raw job's bytes in a folder.
 */
const bin = mkdtempSync(join(tmpdir(), 'cups-bin-'));
const spool = mkdtempSync(join(tmpdir(), 'cups-spool-'));

beforeAll(() => {
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  script(
    'lpstat',
    `[ "$1" = "-p" ] || exit 1
echo "printer Zebra_USB is idle.  enabled since Mon 01 Jan 2026 09:00:00"
echo "printer Old_Zebra disabled since Mon 01 Jan 2026 09:00:00 -"
echo "	Paused"`,
  );
  script(
    'lp',
    `[ "$1" = "-d" ] && [ "$3" = "-o" ] && [ "$4" = "raw" ] || { echo "lp: raw jobs only in this test" >&2; exit 1; }
[ "$2" = "Zebra_USB" ] || { echo "lp: The printer or class does not exist." >&2; exit 1; }
cat > "${spool}/job-$$.zpl"
echo "request id is $2-1 (0 file(s))"`,
  );
  process.env.PATH = `${bin}:${process.env.PATH}`;
});

describe('CUPS queues', () => {
  const zpl = labelZpl({ name: 'Blue Dream', sku: 'BD35', epc: epcFromSku('BD35') });

  it('are listed from lpstat -p with their state, beside the raw printers', async () => {
    const set = new PrinterSet([{ kind: 'raw', name: 'Zebra_USB', host: '127.0.0.1', port: 1 }], true);
    // A --printer of the same name wins over the CUPS queue.
    expect(await set.states()).toEqual([
      { name: 'Zebra_USB', status: 'offline' },
      { name: 'Old_Zebra', status: 'disabled' },
    ]);
    expect(await new PrinterSet([], true).states()).toEqual([
      { name: 'Zebra_USB', status: 'ready' },
      { name: 'Old_Zebra', status: 'disabled' },
    ]);
    expect(await new PrinterSet([], false).states()).toEqual([]);
  });

  it('print raw through lp, the copies in one job', async () => {
    expect(await new PrinterSet([], true).print('Zebra_USB', zpl, 2)).toBe(2);
    const jobs = readdirSync(spool);
    expect(jobs).toHaveLength(1);
    expect(readFileSync(join(spool, jobs[0] ?? ''), 'utf8')).toBe(zpl + zpl);
  });

  it("report lp's own error", async () => {
    const set = new PrinterSet([], true);
    await expect(set.print('Old_Zebra', zpl, 1)).rejects.toThrow(
      'Old_Zebra: lp: The printer or class does not exist.',
    );
  });
});
