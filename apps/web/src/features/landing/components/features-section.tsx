import {
  Bot,
  ClipboardCheck,
  Database,
  FileSpreadsheet,
  type LucideIcon,
  Printer,
  ShieldCheck,
  Smartphone,
  Users,
} from 'lucide-react';
import { SectionHeading } from './section-heading';

type Feature = { icon: LucideIcon; title: string; body: string };

const FEATURES: Feature[] = [
  {
    icon: Smartphone,
    title: 'Handheld reader pairing',
    body: 'Connect a handheld RFID reader to your company with a 6-digit pairing code. No cables, no IT ticket.',
  },
  {
    icon: ClipboardCheck,
    title: 'Audits that find the gaps',
    body: 'Compare scanned tags with expected counts by location. See missing and unexpected items and an accuracy score for every audit.',
  },
  {
    icon: Database,
    title: 'Your catalogue or Dutchie POS',
    body: 'Keep a product catalogue in Quantics, or connect Dutchie point-of-sale at sign-up and count against live inventory.',
  },
  {
    icon: Printer,
    title: 'RFID label printing',
    body: 'Print RFID labels on a Zebra printer through the Quantics desktop print utility, straight from your item list.',
  },
  {
    icon: FileSpreadsheet,
    title: 'Reports and CSV export',
    body: 'Turn counts and audit results into reports, then export them as CSV for finance, buyers or your own spreadsheets.',
  },
  {
    icon: Bot,
    title: 'Tallie, your AI assistant',
    body: 'Ask Tallie about your stock and audits in plain language and get answers without digging through screens.',
  },
  {
    icon: Users,
    title: 'Team roles',
    body: 'Invite your staff as admins, operators or members so everyone sees and changes only what their job needs.',
  },
  {
    icon: ShieldCheck,
    title: 'Two-factor security',
    body: 'Protect sign-ins with authenticator codes and backup codes. Each company’s data is kept isolated from every other.',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Features"
          title="Everything you need to count, audit and act"
          description="From pairing the first reader to exporting the final report, Quantics covers the whole stock count in one place."
        />

        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="group flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-100 hover:shadow-md sm:block sm:p-6"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="text-base font-semibold text-slate-900 sm:mt-5">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600 sm:mt-2">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
