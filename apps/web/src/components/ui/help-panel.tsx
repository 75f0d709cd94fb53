import { ChevronDown, CircleHelp } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';

export type HelpSection = { title: string; items: ReactNode[] };

/**
 * The collapsible help every product area offers: closed by default, a button opens sections of short tips.
 * Use `HelpToggle` in the page header and `HelpPanel` under it, sharing `useHelp()`.
 */
export function useHelp() {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return { isOpen, toggle: () => setIsOpen((v) => !v), panelId: `${id}-help` };
}

export function HelpToggle({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <button
      type="button"
      onClick={help.toggle}
      aria-expanded={help.isOpen}
      aria-controls={help.panelId}
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <CircleHelp className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
      {help.isOpen ? 'Hide help' : 'Help'}
      <ChevronDown className={cn('size-4 transition-transform', help.isOpen && 'rotate-180')} aria-hidden />
    </button>
  );
}

export function HelpPanel({
  help,
  title,
  intro,
  sections,
}: {
  help: ReturnType<typeof useHelp>;
  title: string;
  intro?: ReactNode;
  sections: HelpSection[];
}) {
  if (!help.isOpen) return null;
  return (
    <section
      id={help.panelId}
      aria-label={title}
      className="mb-6 rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-5 sm:p-6 dark:border-brand-500/20 dark:from-brand-500/10 dark:to-slate-900"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-100">
        <CircleHelp className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p>}
      <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <div key={s.title}>
            <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">{s.title}</h3>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-600 dark:text-slate-400">
              {s.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static help text never reorders
                <li key={i} className="flex gap-2">
                  <span className="mt-2 size-1 shrink-0 rounded-full bg-brand-500" aria-hidden />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
