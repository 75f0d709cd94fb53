import type { TUserCompany } from '@quantics/contracts';
import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useCompanyStats, useCurrentCompany } from '../api/current-company';
import { useCreateCompany, useUpdateCompany } from '../api/save-company';
import { switchCompany } from '../api/switch-company';
import { useUserCompanies } from '../api/user-companies';
import { COMPANY_TEXTS } from '../company-texts';
import { CompanyHelp } from '../components/company-help';
import { CompanyList } from '../components/company-list';
import { CompanyNameDialog } from '../components/company-name-dialog';
import { CountPolicyCard } from '../components/count-policy-card';
import { CurrentCompanyCard } from '../components/current-company-card';
import { SecurityPolicyCard } from '../components/security-policy-card';
import { TimeZoneCard } from '../components/time-zone-card';

export function CompanyPage() {
  usePageTitle('Company');
  const { user } = useAuth();
  const isAdmin = useCan('admin');
  const help = useHelp();
  const current = useCurrentCompany();
  const stats = useCompanyStats(current.data?.id);
  const companies = useUserCompanies();
  useToastOnError(current.error ?? stats.error ?? companies.error, COMPANY_TEXTS.loadFailed);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null);
  const [switchingId, setSwitchingId] = useState<number | null>(null);
  if (!user) return null;

  const onCreate = async (name: string) => {
    try {
      const created = await create.mutateAsync({ name });
      notify.success(`${created.name} created. Switch to it to set it up.`);
      return true;
    } catch (err) {
      notify.error(errorMessage(err, COMPANY_TEXTS.createFailed));
      return false;
    }
  };
  const onEdit = async (name: string) => {
    if (!current.data) return false;
    try {
      await update.mutateAsync({ id: current.data.id, name });
      notify.success('Company updated');
      return true;
    } catch (err) {
      notify.error(errorMessage(err, COMPANY_TEXTS.updateFailed));
      return false;
    }
  };
  const onSwitch = async (company: TUserCompany) => {
    setSwitchingId(company.id);
    try {
      await switchCompany(company.id);
    } catch (err) {
      notify.error(errorMessage(err, COMPANY_TEXTS.switchFailed));
      setSwitchingId(null);
    }
  };

  const loadError = current.error ?? companies.error;
  return (
    <>
      <PageHeader
        title="Company"
        description="The company you are working in, and every other company you belong to."
        actions={
          <>
            <HelpToggle help={help} />
            {isAdmin && (
              <Button onClick={() => setDialog('create')}>
                <Plus className="size-4" aria-hidden />
                Create New Company
              </Button>
            )}
          </>
        }
      />
      <CompanyHelp help={help} />

      {current.isPending || companies.isPending ? (
        <Spinner label="Loading company information" />
      ) : loadError || !current.data || !companies.data ? (
        <Card>
          <EmptyState
            icon={RefreshCw}
            title={COMPANY_TEXTS.loadFailed}
            action={
              <Button
                variant="secondary"
                onClick={() => Promise.all([current.refetch(), companies.refetch()])}
              >
                Try again
              </Button>
            }
          >
            {errorMessage(loadError, 'Check your connection and try again.')}
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-6">
          <CurrentCompanyCard
            company={current.data}
            stats={stats.data}
            role={user.role}
            onEdit={isAdmin ? () => setDialog('edit') : undefined}
          />
          {isAdmin && <TimeZoneCard company={current.data} />}
          {isAdmin && <SecurityPolicyCard company={current.data} userId={user.id} />}
          {isAdmin && <CountPolicyCard companyId={current.data.id} />}
          <Card className="overflow-hidden">
            <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Your companies</h2>
              <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                {companies.data.length === 1
                  ? `You belong to one company. Companies you ${isAdmin ? 'create or ' : ''}are invited to appear here.`
                  : `You belong to ${formatCount(companies.data.length)} companies. Switch to work in another one.`}
              </p>
            </div>
            <CompanyList companies={companies.data} switchingId={switchingId} onSwitch={onSwitch} />
          </Card>
        </div>
      )}

      <CompanyNameDialog
        isOpen={dialog === 'create'}
        onOpenChange={(open) => setDialog(open ? 'create' : null)}
        title="Create New Company"
        description="A separate company with its own catalogue, team and audits. You will be its admin."
        submitLabel="Create Company"
        onSubmit={onCreate}
      />
      <CompanyNameDialog
        isOpen={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
        title="Edit Company"
        description="The new name shows for everyone in the company."
        initialName={current.data?.name}
        submitLabel="Save Changes"
        onSubmit={onEdit}
      />
    </>
  );
}
