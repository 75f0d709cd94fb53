import { CalendarCheck, type LucideIcon, Rocket, Sparkles } from 'lucide-react';
import { WaitlistForm } from './waitlist-form';

type Perk = { icon: LucideIcon; title: string; body: string };

const PERKS: Perk[] = [
  {
    icon: Rocket,
    title: 'Early access',
    body: 'We open Quantics to new companies in small groups. Waitlist members hear first.',
  },
  {
    icon: CalendarCheck,
    title: 'A demo on your terms',
    body: 'Tell us about your stock and readers and we will show you the parts that matter to you.',
  },
  {
    icon: Sparkles,
    title: 'Help with your first count',
    body: 'From pairing readers to printing labels, we help you get your first audit done.',
  },
];

export function WaitlistSection() {
  return (
    <section id="waitlist" className="relative isolate scroll-mt-16 overflow-hidden bg-white py-20 sm:py-28">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-full bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-50),transparent_55%)]"
      />
      <div className="mx-auto grid max-w-7xl items-start gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-20 lg:px-8">
        <div className="lg:pt-6">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Waitlist</p>
          <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Get early access to Quantics
          </h2>
          <p className="mt-4 max-w-lg text-lg leading-relaxed text-slate-600">
            Leave your details and we will be in touch to set up a demo and get your team counting. It takes
            less than a minute.
          </p>

          <ul className="mt-10 space-y-6">
            {PERKS.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          <h3 className="text-lg font-semibold text-slate-900">Join the Quantics waitlist</h3>
          <p className="mt-1 mb-6 text-sm text-slate-500">Name and work email are all we need.</p>
          <WaitlistForm />
        </div>
      </div>
    </section>
  );
}
