import { ChartColumn, type LucideIcon, ScanLine, Settings2, Tag } from 'lucide-react';
import { SectionHeading } from './section-heading';

type Step = { icon: LucideIcon; title: string; body: string };

const STEPS: Step[] = [
  {
    icon: Settings2,
    title: 'Setup',
    body: 'Create your company account, choose a Quantics catalogue or Dutchie POS inventory, add storage locations and pair your readers with a 6-digit code.',
  },
  {
    icon: Tag,
    title: 'Tag',
    body: 'Print RFID labels on your Zebra printer and attach them to your stock. Each tag is linked to an item in your inventory.',
  },
  {
    icon: ScanLine,
    title: 'Audit',
    body: 'Walk the floor with a handheld reader. It picks up tags 3-10 feet away without line of sight, so shelves are counted in a sweep.',
  },
  {
    icon: ChartColumn,
    title: 'Analyze',
    body: 'Review accuracy and every discrepancy, export CSV reports and ask Tallie what changed since the last count.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="How it works"
          title="From first tag to final report in four steps"
          description="No new process to learn: the count your team already does, only faster and with the numbers attached."
        />

        <div className="relative mt-16">
          <div
            aria-hidden
            className="absolute top-6 right-[12.5%] left-[12.5%] hidden h-px bg-gradient-to-r from-brand-100 via-brand-500/40 to-brand-100 lg:block"
          />
          <ol className="relative grid gap-10 md:grid-cols-2 md:gap-8 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, body }, i) => (
              <li key={title} className="relative flex gap-4 lg:flex-col lg:items-center lg:text-center">
                <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-md ring-8 ring-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wider text-brand-600">
                    Step {i + 1}
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
