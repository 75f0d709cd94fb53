import { type CupsPrinter, cupsPrint, cupsPrintEach, cupsPrinters } from './cups.ts';
import { type RawPrinter, rawPrint, rawPrintEach, rawStatus } from './raw-printer.ts';

export type Printer = RawPrinter | CupsPrinter;
export type PrinterState = { name: string; status: string };

/** Error with how many labels went out before it. */
export type PrintError = Error & { printed?: number };

/**
 * The printers this computer offers: each --printer (raw TCP) and, unless turned off, the CUPS queues. A name
 * given with --printer wins over a CUPS queue of the same name. Jobs for one printer run one after another.
 */
export class PrinterSet {
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly raw: RawPrinter[],
    private readonly useCups: boolean,
  ) {}

  async states(): Promise<PrinterState[]> {
    const [raw, cups] = await Promise.all([
      Promise.all(this.raw.map(async (p) => ({ name: p.name, status: await rawStatus(p) }))),
      this.useCups ? cupsPrinters() : Promise.resolve([]),
    ]);
    const names = new Set(raw.map((p) => p.name));
    return [...raw, ...cups.filter((p) => !names.has(p.name))];
  }

  async #find(name: string): Promise<Printer | undefined> {
    const raw = this.raw.find((p) => p.name === name);
    if (raw) return raw;
    if (!this.useCups) return undefined;
    const cups = await cupsPrinters();
    return cups.some((p) => p.name === name) ? { kind: 'cups', name } : undefined;
  }

  /** Sends one label format `copies` times; resolves with the count, or rejects with the printer's problem. */
  print(name: string, zpl: string, copies: number): Promise<number> {
    return this.#queue(name, () => this.#print(name, zpl, copies));
  }

  /**
   * Protocol 2: prints each format once, in order, calling `onPrinted(i)` as label i comes out; stops at the first
   * that does not, rejecting with how many did.
   */
  printEach(name: string, labels: readonly string[], onPrinted: (index: number) => void): Promise<number> {
    return this.#queue(name, async () => {
      const printer = await this.#find(name);
      if (!printer)
        throw Object.assign(new Error(`${name}: no such printer on this computer`), { printed: 0 });
      if (printer.kind === 'cups') return cupsPrintEach(printer, labels, onPrinted);
      return rawPrintEach(printer, labels, onPrinted);
    });
  }

  #queue(name: string, work: () => Promise<number>): Promise<number> {
    const previous = this.#queues.get(name) ?? Promise.resolve();
    const job = previous.catch(() => {}).then(work);
    this.#queues.set(name, job);
    return job;
  }

  async #print(name: string, zpl: string, copies: number): Promise<number> {
    const printer = await this.#find(name);
    if (!printer) throw new Error(`${name}: no such printer on this computer`);
    if (printer.kind === 'cups') return cupsPrint(printer, zpl, copies);
    // A Zebra that is out of paper or open still takes data and prints it later, on nobody's watch: say so now.
    const status = await rawStatus(printer);
    if (status !== 'ready') throw Object.assign(new Error(`${name}: ${status}`), { printed: 0 });
    return rawPrint(printer, zpl, copies);
  }
}
