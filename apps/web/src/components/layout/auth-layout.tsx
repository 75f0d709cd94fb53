import { BarChart3, ScanLine, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';

const POINTS = [
  { icon: ScanLine, text: 'Count a whole room of RFID-tagged stock in minutes, 3-10 feet from the shelf.' },
  {
    icon: BarChart3,
    text: 'Audits reconcile every tag against expected stock, with accuracy and discrepancies.',
  },
  { icon: ShieldCheck, text: 'Roles per company, two-factor sign-in and a full activity trail.' },
];

/** The frame of every sign-in screen: brand panel on large screens, the form card beside it. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  // Sign-in screens are always light; a dark theme painted early from the last session (index.html) comes off.
  useEffect(() => {
    document.documentElement.classList.remove('dark');
  }, []);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="relative hidden w-[44%] flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 p-12 text-white lg:flex">
        <Link to="/" aria-label="Quantics home">
          <Logo isInverted />
        </Link>
        <div className="max-w-md space-y-8">
          <h2 className="text-3xl font-semibold leading-tight">
            Know exactly what is on your shelves, every day.
          </h2>
          <ul className="space-y-5">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-brand-100">
                <Icon className="mt-0.5 size-5 shrink-0 text-white" aria-hidden />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-100/80">© {new Date().getFullYear()} Quantics</p>
        <div
          className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/5"
          aria-hidden
        />
      </aside>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-8 inline-block lg:hidden" aria-label="Quantics home">
            <Logo />
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
