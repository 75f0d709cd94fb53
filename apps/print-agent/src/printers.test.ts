import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { epcFromSku, labelZpl } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs } from './connection.ts';
import { parseLpstat } from './cups.ts';
import { type FakePrinter, startFakePrinter } from './fake-printer.ts';
import { PrinterSet } from './printers.ts';
import { parsePrinterSpec, rawPrint, rawStatus } from './raw-printer.ts';
import { hostStatusReply, parseHostStatus, statusWord } from './zebra-status.ts';

const READY = { isPaperOut: false, isPaused: false, isHeadUp: false, isRibbonOut: false };

describe('Zebra host status (~HS)', () => {
  it('reads the flags from the three framed strings', () => {
    expect(parseHostStatus(hostStatusReply(READY))).toEqual(READY);
    const out = parseHostStatus(hostStatusReply({ ...READY, isPaperOut: true, isHeadUp: true }));
    expect(out).toMatchObject({ isPaperOut: true, isHeadUp: true, isPaused: false });
    expect(statusWord({ ...READY, isPaused: true })).toBe('paused');
    expect(statusWord({ ...READY, isPaperOut: true })).toBe('paper out');
  });

  it('waits for all three strings', () => {
    const reply = hostStatusReply(READY);
    expect(parseHostStatus(reply.slice(0, reply.length - 12))).toBeNull();
  });
});

describe('printer settings', () => {
  it('reads --printer "Name=host:port", port 9100 by default', () => {
    expect(parsePrinterSpec('Front Zebra=192.168.1.40:9101')).toEqual({
      kind: 'raw',
      name: 'Front Zebra',
      host: '192.168.1.40',
      port: 9101,
    });
    expect(parsePrinterSpec('Z=printer.local').port).toBe(9100);
    for (const bad of ['no-equals', '=host:9100', 'Z=host:99999'])
      expect(() => parsePrinterSpec(bad)).toThrow();
  });

  it('reads CUPS queues from lpstat -p', () => {
    const output = [
      'printer Zebra_ZD621R is idle.  enabled since Mon 01 Jan 2026 09:00:00',
      'printer Office_Laser now printing Office_Laser-12.  enabled since Mon 01 Jan 2026',
      'printer Old_Zebra disabled since Mon 01 Jan 2026 -',
      '\treason unknown',
    ].join('\n');
    expect(parseLpstat(output)).toEqual([
      { name: 'Zebra_ZD621R', status: 'ready' },
      { name: 'Office_Laser', status: 'ready' },
      { name: 'Old_Zebra', status: 'disabled' },
    ]);
  });

  it('backs off from about 1 s doubling to 30 s', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 5, 9].map((n) => backoffMs(n, mid))).toEqual([1000, 2000, 4000, 30000, 30000]);
    expect(backoffMs(0, () => 0)).toBe(750);
  });
});

describe('raw TCP printing against the stand-in printer', () => {
  let printer: FakePrinter;
  let paperOut: FakePrinter;
  const out = mkdtempSync(join(tmpdir(), 'fake-printer-'));
  const zpl = labelZpl({ name: 'Blue Dream', sku: 'BD35', epc: epcFromSku('BD35') });

  beforeAll(async () => {
    printer = await startFakePrinter({ port: 0, out });
    paperOut = await startFakePrinter({ port: 0, out: join(out, 'paper-out'), isPaperOut: true });
  });
  afterAll(async () => {
    await printer.close();
    await paperOut.close();
  });

  it('saves each label format it receives as its own file', async () => {
    const target = { kind: 'raw' as const, name: 'Z', host: '127.0.0.1', port: printer.port };
    expect(await rawPrint(target, zpl, 3)).toBe(3);
    await expect.poll(() => printer.labels()).toBe(3);
    const files = readdirSync(out).filter((f) => f.endsWith('.zpl'));
    expect(files).toHaveLength(3);
    expect(readFileSync(join(out, files[0] ?? ''), 'utf8')).toBe(zpl);
  });

  it('answers ~HS, and the utility refuses to print on a printer out of paper', async () => {
    const set = new PrinterSet(
      [
        { kind: 'raw', name: 'Ready', host: '127.0.0.1', port: printer.port },
        { kind: 'raw', name: 'Empty', host: '127.0.0.1', port: paperOut.port },
        { kind: 'raw', name: 'Gone', host: '127.0.0.1', port: 1 },
      ],
      false,
    );
    expect(await set.states()).toEqual([
      { name: 'Ready', status: 'ready' },
      { name: 'Empty', status: 'paper out' },
      { name: 'Gone', status: 'offline' },
    ]);
    await expect(set.print('Empty', zpl, 1)).rejects.toThrow('Empty: paper out');
    await expect(set.print('Gone', zpl, 1)).rejects.toThrow('Gone: offline');
    await expect(set.print('Nope', zpl, 1)).rejects.toThrow('Nope: no such printer on this computer');
    expect(paperOut.labels()).toBe(0);
    expect(await rawStatus({ kind: 'raw', name: 'Ready', host: '127.0.0.1', port: printer.port })).toBe(
      'ready',
    );
  });
});
