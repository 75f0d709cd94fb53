import type { TMenuItem } from '@quantics/contracts';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { MENU_ICONS } from './menu-icons';

/** The role's menu as a vertical list (sidebar and slide-over). */
export function NavList({ items, onNavigate }: { items: TMenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const Icon = MENU_ICONS[item.key];
        return (
          <li key={item.key}>
            <NavLink
              to={item.path}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100',
                )
              }
            >
              <Icon className="size-5 shrink-0" aria-hidden />
              {item.label}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
