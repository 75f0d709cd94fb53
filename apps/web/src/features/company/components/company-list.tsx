import type { TUserCompany } from '@quantics/contracts';
import { ArrowRightLeft, Building2 } from 'lucide-react';
import { RoleBadge } from '@/components/role-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** Every company the person belongs to; the current one is marked, the others can be switched to. */
export function CompanyList({
  companies,
  switchingId,
  onSwitch,
}: {
  companies: TUserCompany[];
  switchingId: number | null;
  onSwitch: (company: TUserCompany) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {companies.map((c) => (
        <li key={c.id} data-testid="company-row" className="flex items-center gap-3 px-5 py-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
            <Building2 className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900 dark:text-slate-100">{c.name}</p>
            <div className="mt-1">
              <RoleBadge role={c.role} />
            </div>
          </div>
          {c.is_current ? (
            <Badge tone="green" hasDot>
              Current
            </Badge>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onSwitch(c)}
              isLoading={switchingId === c.id}
              disabled={switchingId !== null}
              aria-label={`Switch to ${c.name}`}
            >
              {switchingId !== c.id && <ArrowRightLeft className="size-4" aria-hidden />}
              Switch
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
