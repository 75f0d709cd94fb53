import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

export const LANDING_ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#benefits', label: 'Benefits' },
  { href: '#demo', label: 'Demo' },
  { href: '#waitlist', label: 'Waitlist' },
] as const;

const BUTTON_BASE =
  'items-center justify-center rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** Sticky top bar: anchors on wide screens, a menu on phones; Login stays visible at every width. */
export function LandingNav() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setIsOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <a href="#top" className="rounded-lg focus-visible:outline-2 focus-visible:outline-focus">
          <Logo />
          <span className="sr-only">, back to top</span>
        </a>

        <ul className="ml-8 hidden items-center gap-1 lg:flex">
          {LANDING_ANCHORS.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/login"
            className={cn(BUTTON_BASE, 'inline-flex h-9 px-3 text-slate-700 hover:bg-slate-100')}
          >
            Login
          </Link>
          <Link
            to="/register"
            className={cn(
              BUTTON_BASE,
              'hidden h-9 bg-brand-600 px-4 text-white shadow-sm hover:bg-brand-700 sm:inline-flex',
            )}
          >
            Get started
          </Link>
          <button
            type="button"
            onClick={() => setIsOpen((v) => !v)}
            aria-expanded={isOpen}
            aria-controls={menuId}
            aria-label={isOpen ? 'Close menu' : 'Open menu'}
            className={cn(BUTTON_BASE, 'inline-flex size-9 text-slate-700 hover:bg-slate-100 lg:hidden')}
          >
            {isOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </nav>

      <div id={menuId} hidden={!isOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {LANDING_ANCHORS.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                onClick={() => setIsOpen(false)}
                className="block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-50"
              >
                {item.label}
              </a>
            </li>
          ))}
          <li className="pt-2 sm:hidden">
            <Link
              to="/register"
              className={cn(
                BUTTON_BASE,
                'flex h-11 w-full bg-brand-600 text-base text-white hover:bg-brand-700',
              )}
            >
              Get started
            </Link>
          </li>
        </ul>
      </div>
    </header>
  );
}
