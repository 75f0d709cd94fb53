import { CHAT_STARTERS } from '@quantics/contracts';
import { BookOpen, ClipboardCheck, Download, LifeBuoy, Printer, Radio, Sparkles } from 'lucide-react';

const ICONS = {
  'device-setup': Radio,
  'getting-started': BookOpen,
  'about-audits': ClipboardCheck,
  'print-labels': Printer,
  'export-data': Download,
  'get-support': LifeBuoy,
} as const;

/** The empty chat: a welcome and the six starters, each putting its question in the input of a new chat. */
export function ChatWelcome({ onStarter }: { onStarter: (question: string) => void }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-8 text-center sm:py-12">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-300">
        <Sparkles className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900 dark:text-slate-100">Hi, I'm Tallie</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Ask me about your inventory, audits and readers, or pick a topic to get started.
      </p>
      <div className="mt-6 grid w-full gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {CHAT_STARTERS.map((s) => {
          const Icon = ICONS[s.key];
          return (
            <button
              key={s.key}
              type="button"
              onClick={() => onStarter(s.question)}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm font-medium text-slate-800 shadow-sm hover:border-brand-300 hover:bg-brand-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <Icon className="size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
              {s.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
