import { ROLE_LABELS, type TCompany, type TCompanyStats, type TRole } from '@quantics/contracts';
import { Building2, ClipboardCheck, Package, Pencil, Smartphone, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

const FIGURES = [
  { key: 'users', label: 'Team members', icon: Users },
  { key: 'products', label: 'Products', icon: Package },
  { key: 'devices', label: 'Devices', icon: Smartphone },
  { key: 'audits', label: 'Audits', icon: ClipboardCheck },
] as const;

/** The session's company: name, inventory source, the caller's role, and its figures. */
export function CurrentCompanyCard({
  company,
  stats,
  role,
  onEdit,
}: {
  company: TCompany;
  stats: TCompanyStats | undefined;
  role: TRole;
  /** Present for admins only. */
  onEdit?: () => void;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6 dark:border-slate-800">
        <div className="flex min-w-0 items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
            <Building2 className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
              Current company
            </p>
            <h2
              className="truncate text-xl font-semibold text-slate-900 dark:text-slate-100"
              data-testid="current-company-name"
            >
              {company.name}
            </h2>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Badge tone="brand">Your role: {ROLE_LABELS[role]}</Badge>
              <Badge tone={company.inventory_type === 'dutchie' ? 'green' : 'slate'}>
                {company.inventory_type === 'dutchie'
                  ? 'Dutchie point-of-sale inventory'
                  : 'Manual inventory'}
              </Badge>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                Since {formatDate(company.created_at)}
              </span>
            </div>
          </div>
        </div>
        {onEdit && (
          <Button variant="secondary" onClick={onEdit} className="shrink-0">
            <Pencil className="size-4" aria-hidden />
            Edit Company
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 divide-slate-100 sm:grid-cols-4 sm:divide-x dark:divide-slate-800">
        {FIGURES.map(({ key, label, icon: Icon }) => (
          // A <dl>'s groups are divs holding only <dt> and <dd>: the icon sits in the term.
          <div key={key} className="p-4 sm:p-5">
            <dt className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
              <Icon className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden />
              {label}
            </dt>
            <dd
              className="mt-1 text-xl font-semibold tabular-nums text-slate-900 dark:text-slate-100"
              data-testid={`company-stat-${key}`}
            >
              {stats ? stats[key] : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
