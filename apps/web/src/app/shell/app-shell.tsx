import { menuFor } from '@quantics/contracts';
import { LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { MENU_ICONS } from './menu-icons';
import { NavList } from './nav-list';
import { MAIN_ID, SkipLink } from './skip-link';
import { ThemeSync } from './theme-sync';
import { UserBlock } from './user-block';

// Lazy: only people in several companies see it, so its menu library stays out of the first page's bundle.
const CompanySwitcher = lazy(() =>
  import('./company-switcher').then((m) => ({ default: m.CompanySwitcher })),
);
// The small screens' slide-over menu and its dialog library load when it is first opened, and stay.
const Sheet = lazy(() => import('@/components/ui/dialog').then((m) => ({ default: m.Sheet })));
// Lazy too (its menu and positioning libraries load beside the page, not before it); its 40 px place is kept.
const LazyNotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);

function NotificationBell(props: { userId: number; companyId: number; align?: 'start' | 'end' }) {
  return (
    <Suspense fallback={<span className="size-10" aria-hidden />}>
      <LazyNotificationBell {...props} />
    </Suspense>
  );
}

/** Sidebar on large screens; top bar, slide-over menu and a 5-item bottom bar on small ones. */
export function AppShell() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [wasMenuOpened, setWasMenuOpened] = useState(false);
  if (!user) return null;
  const items = menuFor(user.role, user.inventory_type);

  const handleSignOut = async () => {
    setIsMenuOpen(false);
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <ThemeSync />
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-16 items-center justify-between pr-3 pl-5">
          <Logo />
          <NotificationBell userId={user.id} companyId={user.company_id} align="start" />
        </div>
        <div className="px-3 pt-2 empty:hidden">
          <Suspense fallback={null}>
            <CompanySwitcher currentCompany={user.company} />
          </Suspense>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <NavList items={items} />
        </nav>
        <UserBlock user={user} onSignOut={handleSignOut} />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-3 lg:hidden dark:border-slate-800 dark:bg-slate-900">
        <button
          type="button"
          onClick={() => {
            setWasMenuOpened(true);
            setIsMenuOpen(true);
          }}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label="Open menu"
        >
          <Menu className="size-6" aria-hidden />
        </button>
        <Logo />
        <NotificationBell userId={user.id} companyId={user.company_id} />
      </header>

      {wasMenuOpened && (
        <Suspense fallback={null}>
          <Sheet isOpen={isMenuOpen} onOpenChange={setIsMenuOpen} title="Menu">
            <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
              <Logo />
              <button
                type="button"
                onClick={() => setIsMenuOpen(false)}
                className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
                aria-label="Close menu"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
            <div className="px-3 pt-3 empty:hidden">
              <Suspense fallback={null}>
                <CompanySwitcher currentCompany={user.company} />
              </Suspense>
            </div>
            <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-3">
              <NavList items={items} onNavigate={() => setIsMenuOpen(false)} />
            </nav>
            <UserBlock user={user} onSignOut={handleSignOut} onNavigate={() => setIsMenuOpen(false)} />
            <div className="border-t border-slate-200 p-3 dark:border-slate-800">
              <button
                type="button"
                onClick={handleSignOut}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
              >
                <LogOut className="size-5" aria-hidden />
                Sign out
              </button>
            </div>
          </Sheet>
        </Suspense>
      )}

      <main id={MAIN_ID} tabIndex={-1} className="pb-20 outline-none lg:pb-0 lg:pl-64">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>

      <nav
        aria-label="Quick"
        className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        {items.slice(0, 5).map((item) => {
          const Icon = MENU_ICONS[item.key];
          return (
            <NavLink
              key={item.key}
              to={item.path}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium',
                  isActive ? 'text-brand-600 dark:text-brand-400' : 'text-slate-500 dark:text-slate-400',
                )
              }
            >
              <Icon className="size-5" aria-hidden />
              <span className="truncate">{item.label}</span>
            </NavLink>
          );
        })}
      </nav>
    </div>
  );
}
