import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { HeroDashboardMock } from './hero-dashboard-mock';

const HIGHLIGHTS = [
  'Reads tags 3-10 feet away',
  'Pairs with a 6-digit code',
  'Discrepancies flagged as you scan',
] as const;

export function HeroSection() {
  return (
    <section id="top" className="relative isolate overflow-hidden bg-white">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-50),transparent_60%)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,#e2e8f080_1px,transparent_1px),linear-gradient(to_bottom,#e2e8f080_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:gap-12 lg:px-8 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 sm:text-sm">
            <span className="size-1.5 rounded-full bg-brand-600" />
            RFID inventory and audits, in one cloud portal
          </p>

          <h1 className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl">
            Count every RFID-tagged item <span className="text-brand-600">in minutes</span>, not days.
          </h1>

          <p className="mx-auto mt-6 max-w-xl text-base leading-relaxed sm:text-lg text-pretty text-slate-600 lg:mx-0">
            Pair a handheld RFID reader, walk the aisles and Quantics counts every tag in range. It compares
            what you scanned with what you expected, flags each discrepancy and gives your team an accuracy
            score for every audit.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <a
              href="#waitlist"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              Get early access
              <ArrowRight className="size-4" aria-hidden />
            </a>
            <Link
              to="/register"
              className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              Create an account
            </Link>
          </div>

          <ul className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {HIGHLIGHTS.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <Check className="size-4 text-brand-600" aria-hidden />
                {h}
              </li>
            ))}
          </ul>
        </div>

        <HeroDashboardMock />
      </div>
    </section>
  );
}
