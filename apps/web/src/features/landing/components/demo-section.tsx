import { ArrowRight, Check, Nfc } from 'lucide-react';

const AGENDA = [
  'Pair a handheld reader with a 6-digit code',
  'Run an audit on sample stock and watch discrepancies appear',
  'Print an RFID label on a Zebra printer',
  'Export the report as CSV and ask Tallie about it',
] as const;

const READS = [
  { epc: 'E280 6894 0000 4021', item: 'Denim jacket, M' },
  { epc: 'E280 6894 0000 4022', item: 'Denim jacket, M' },
  { epc: 'E280 6894 0000 7310', item: 'Canvas tote' },
  { epc: 'E280 6894 0000 1187', item: 'Wool beanie' },
] as const;

/** A handheld reader's screen mid-scan, drawn with Tailwind. */
function ReaderMock() {
  return (
    <div aria-hidden className="relative mx-auto w-64 sm:w-72">
      <div className="absolute inset-0 -z-10 flex items-center justify-center">
        <span className="absolute size-72 animate-ping rounded-full border border-brand-500/30 [animation-duration:3s]" />
        <span className="absolute size-96 rounded-full border border-brand-500/20" />
      </div>
      <div className="rounded-[2.5rem] border-[10px] border-slate-800 bg-slate-800 shadow-2xl">
        <div className="light overflow-hidden rounded-[1.9rem] bg-white">
          <div className="flex items-center justify-between bg-brand-600 px-5 pt-5 pb-4 text-white">
            <div>
              <p className="text-[11px] text-brand-100">Reader · Connected</p>
              <p className="text-sm font-semibold">Front store</p>
            </div>
            <Nfc className="size-5" />
          </div>
          <div className="px-5 py-4">
            <p className="text-xs text-slate-500">Tags read</p>
            <p className="text-4xl font-bold tabular-nums text-slate-900">214</p>
            <p className="mt-1 text-[11px] text-slate-500">Range 3-10 feet · no line of sight</p>
            <ul className="mt-4 space-y-2">
              {READS.map((r) => (
                <li key={r.epc} className="rounded-lg bg-slate-50 px-3 py-2">
                  <p className="font-mono text-[10px] text-slate-400">{r.epc}</p>
                  <p className="text-xs font-medium text-slate-800">{r.item}</p>
                </li>
              ))}
            </ul>
            <div className="mt-4 h-9 rounded-lg bg-brand-600 text-center text-xs leading-9 font-semibold text-white">
              Finish audit
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function DemoSection() {
  return (
    <section
      id="demo"
      className="dark relative isolate scroll-mt-16 overflow-hidden bg-slate-950 py-20 sm:py-28"
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom_left,rgba(79,70,229,0.35),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Demo</p>
          <h2 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">See it in action</h2>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-300">
            Book a live walkthrough with our team and watch a count from start to finish, with time for
            questions about your own stock, locations and readers.
          </p>
          <ul className="mt-8 space-y-3">
            {AGENDA.map((a) => (
              <li key={a} className="flex gap-3 text-slate-200">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-500/20 text-brand-100">
                  <Check className="size-3.5" aria-hidden />
                </span>
                {a}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <a
              href="#waitlist"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-slate-900 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Request a demo
              <ArrowRight className="size-4" aria-hidden />
            </a>
            <a
              href="#features"
              className="inline-flex h-12 items-center justify-center rounded-lg border border-white/20 px-6 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Explore features
            </a>
          </div>
        </div>

        <ReaderMock />
      </div>
    </section>
  );
}
