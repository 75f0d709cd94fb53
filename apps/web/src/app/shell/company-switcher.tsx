import { ROLE_LABELS } from '@quantics/contracts';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Building2, Check, ChevronsUpDown, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { switchCompany } from '@/features/company/api/switch-company';
import { useUserCompanies } from '@/features/company/api/user-companies';
import { COMPANY_TEXTS } from '@/features/company/company-texts';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/**
 * For people in more than one company, whatever their role: switching is how someone invited as a member
 * elsewhere gets back to the company they run. Hidden for everyone else.
 */
export function CompanySwitcher({ currentCompany }: { currentCompany: string }) {
  const companies = useUserCompanies();
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  if (!companies.data || companies.data.length < 2) return null;

  const onSelect = async (companyId: number) => {
    setSwitchingId(companyId);
    try {
      await switchCompany(companyId);
    } catch (err) {
      notify.error(errorMessage(err, COMPANY_TEXTS.switchFailed));
      setSwitchingId(null);
    }
  };

  return (
    <Menu.Root>
      <Menu.Trigger
        className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
        aria-label={`Current company: ${currentCompany}. Switch company`}
      >
        <Building2 className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium text-slate-800 dark:text-slate-200">
          {currentCompany}
        </span>
        {switchingId ? (
          <Loader2 className="size-4 animate-spin text-slate-400" aria-hidden />
        ) : (
          <ChevronsUpDown className="size-4 text-slate-400" aria-hidden />
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-dropdown-menu-trigger-width)] min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <Menu.Label className="px-2 py-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
            Switch company
          </Menu.Label>
          {companies.data.map((c) => (
            <Menu.Item
              key={c.id}
              disabled={c.is_current || switchingId !== null}
              onSelect={() => onSelect(c.id)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[highlighted]:bg-slate-100 dark:text-slate-300 dark:data-[highlighted]:bg-slate-800"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900 dark:text-slate-100">
                  {c.name}
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {ROLE_LABELS[c.role]}
                </span>
              </span>
              {c.is_current && (
                <Check className="size-4 text-brand-600 dark:text-brand-400" aria-label="Current" />
              )}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
