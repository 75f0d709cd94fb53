import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

const COLUMNS = [
  { title: 'Product', links: ['Features', 'How it works', 'Pricing', 'Changelog'] },
  { title: 'Company', links: ['About', 'Careers', 'Contact'] },
  { title: 'Resources', links: ['Help center', 'Reader setup guide', 'Status'] },
  { title: 'Legal', links: ['Privacy', 'Terms', 'Security'] },
] as const;

const LEGAL = ['Privacy', 'Terms', 'Cookies'] as const;

/** Footer links are placeholders until those pages exist (spec: landing page). */
function PlaceholderLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: the spec asks for placeholder footer links for now
    <a href="#" className={cn('transition-colors hover:text-white', className)}>
      {children}
    </a>
  );
}

export function LandingFooter() {
  return (
    <footer className="dark border-t border-slate-800 bg-slate-950 text-slate-400">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-6">
          <div className="lg:col-span-2">
            <Logo isInverted />
            <p className="mt-4 max-w-xs text-sm leading-relaxed">
              RFID inventory counts, audits and reports for teams that use handheld readers.
            </p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {COLUMNS.map((col) => (
              <div key={col.title}>
                <h3 className="text-sm font-semibold text-white">{col.title}</h3>
                <ul className="mt-4 space-y-3">
                  {col.links.map((label) => (
                    <li key={label}>
                      <PlaceholderLink className="text-sm">{label}</PlaceholderLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-800 pt-8 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Quantics. All rights reserved.</p>
          <ul className="flex gap-6">
            {LEGAL.map((label) => (
              <li key={label}>
                <PlaceholderLink>{label}</PlaceholderLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
