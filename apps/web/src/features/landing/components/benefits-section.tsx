import { FileSpreadsheet, type LucideIcon, Store, Target, Timer, Users } from 'lucide-react';
import { SectionHeading } from './section-heading';

type Benefit = { icon: LucideIcon; title: string; body: string };

const BENEFITS: Benefit[] = [
  {
    icon: Timer,
    title: 'Counts that fit into a shift',
    body: 'A reader picks up many tags in one pass instead of one barcode at a time, so a full count no longer has to close the store.',
  },
  {
    icon: Target,
    title: 'Discrepancies you can act on',
    body: 'Every audit lists what is missing and what is unexpected, so shrink and misplaced stock surface while they are still easy to fix.',
  },
  {
    icon: Store,
    title: 'In step with your point of sale',
    body: 'Dispensaries on Dutchie count against live POS inventory, with no spreadsheet exports in between.',
  },
  {
    icon: Users,
    title: 'A clear record for managers',
    body: 'Roles, accuracy scores and exportable reports show how each count went and where to look next.',
  },
];

const FIGURES = [
  { value: '3-10 ft', label: 'typical read range, no line of sight needed' },
  { value: '6 digits', label: 'to pair a handheld reader with your company' },
  { value: '3 roles', label: 'admin, operator and member' },
  { value: '1 click', label: 'from audit results to a CSV file' },
] as const;

export function BenefitsSection() {
  return (
    <section id="benefits" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-start gap-14 px-4 sm:px-6 lg:grid-cols-12 lg:gap-16 lg:px-8">
        <div className="lg:col-span-7">
          <SectionHeading
            eyebrow="Benefits"
            title="Spend less time counting and more time fixing"
            description="Manual counts are slow, so they happen rarely and the numbers drift in between. Quantics makes counting quick enough to do often."
            className="lg:mx-0 lg:text-left"
          />

          <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2">
            {BENEFITS.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="relative overflow-hidden rounded-3xl bg-brand-900 p-6 text-white shadow-xl sm:p-8 lg:col-span-5">
          <div
            aria-hidden
            className="absolute -top-24 -right-24 size-64 rounded-full bg-brand-500/30 blur-3xl"
          />
          <div className="relative">
            <div className="flex items-center gap-2 text-sm font-medium text-brand-100">
              <FileSpreadsheet className="size-4" aria-hidden />
              Quantics at a glance
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-white/10">
              {FIGURES.map((f) => (
                <div key={f.value} className="flex flex-col-reverse justify-end bg-brand-900/90 p-4 sm:p-5">
                  <dt className="mt-1 text-xs leading-snug text-brand-100 sm:text-sm">{f.label}</dt>
                  <dd className="text-2xl font-bold tracking-tight sm:text-3xl">{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-5 text-xs leading-relaxed text-brand-100/80">
              Read range depends on the reader model, the tags and the surroundings. Figures describe the
              product, not results promised for your store.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
