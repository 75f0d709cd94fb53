import { deleteDeviceQuestion, type TAudit, type TDevice } from '@quantics/contracts';
import { LayoutGrid, List, Plus, Radio, RefreshCw, Search, Wifi } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { Spinner } from '@/components/ui/spinner';
import { DEVICE_TEXTS } from '@/features/devices/device-texts';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { AuditDetailsDialog } from '@/shared/audits/audit-details-dialog';
import { useDeleteDevice, useDevices } from '../api/devices';
import { useFinishCount, useOpenCounts } from '../api/fixed-readers';
import { AntennasDialog } from '../components/antennas-dialog';
import { DevicesHelp } from '../components/devices-help';
import { DevicesGrid, DevicesTable } from '../components/devices-list';
import type { FixedReaderActions } from '../components/fixed-reader-count';
import {
  AddFixedReaderDialog,
  ReplacePasswordDialog,
  StartCountDialog,
} from '../components/fixed-reader-dialogs';
import { RegisterDeviceDialog } from '../components/register-device-dialog';
import { FIXED_TEXTS } from '../fixed-reader-texts';

type View = 'grid' | 'list';

export function DevicesPage() {
  usePageTitle('Devices');
  const { user } = useAuth();
  const canEdit = useCan('operator');
  const help = useHelp();
  const devices = useDevices();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<View>('grid');
  const [isRegistering, setIsRegistering] = useState(false);
  const [deleting, setDeleting] = useState<TDevice | null>(null);
  const remove = useDeleteDevice();
  const [isAddingFixed, setIsAddingFixed] = useState(false);
  const [startingOn, setStartingOn] = useState<TDevice | null>(null);
  const [replacingOn, setReplacingOn] = useState<TDevice | null>(null);
  const [antennasOn, setAntennasOn] = useState<TDevice | null>(null);
  const [finishedAudit, setFinishedAudit] = useState<TAudit | null>(null);
  const openCounts = useOpenCounts();
  const finish = useFinishCount();
  const countsByDevice = useMemo(() => {
    const map = new Map<number, TAudit>();
    for (const a of openCounts.data?.data ?? []) if (a.device_id !== null) map.set(a.device_id, a);
    return map;
  }, [openCounts.data]);
  const fixed: FixedReaderActions = {
    openCounts: countsByDevice,
    finishingId: finish.isPending ? (finish.variables ?? null) : null,
    onStart: setStartingOn,
    onReplace: setReplacingOn,
    onAntennas: setAntennasOn,
    onFinish: async (d) => {
      try {
        setFinishedAudit(await finish.mutateAsync(d.id));
        notify.success(FIXED_TEXTS.finished);
      } catch (err) {
        notify.error(errorMessage(err, FIXED_TEXTS.finishFailed));
      }
    },
  };
  // Only the first load's failure is announced; the 5 s refresh failing quietly keeps the last list on screen.
  const hasWarned = useRef(false);
  useEffect(() => {
    if (devices.isError && !devices.data && !hasWarned.current) {
      hasWarned.current = true;
      notify.error(DEVICE_TEXTS.loadFailed);
    }
  }, [devices.isError, devices.data]);
  if (!user) return null;
  const term = search.trim().toLowerCase();
  const all = devices.data ?? [];
  const shown = term
    ? all.filter((d) => d.name.toLowerCase().includes(term) || d.serial_number.toLowerCase().includes(term))
    : all;
  const online = all.filter((d) => d.status !== 'offline').length;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(DEVICE_TEXTS.deleted);
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, DEVICE_TEXTS.deleteFailed));
    }
  };
  const registerButton = (label: string) => (
    <Button onClick={() => setIsRegistering(true)}>
      <Plus className="size-4" aria-hidden />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={DEVICE_TEXTS.title}
        description={
          all.length
            ? `${formatCount(online)} of ${formatCount(all.length)} readers online.`
            : 'Handheld readers paired with your company.'
        }
        actions={
          <>
            <HelpToggle help={help} />
            {canEdit && (
              <Button variant="secondary" onClick={() => setIsAddingFixed(true)}>
                <Wifi className="size-4" aria-hidden />
                {FIXED_TEXTS.add}
              </Button>
            )}
            {canEdit && registerButton(DEVICE_TEXTS.registerDevice)}
          </>
        }
      />
      <DevicesHelp help={help} />
      <Card className="mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search by name or serial number"
            aria-label="Search devices"
            className="pl-9"
          />
        </div>
        <fieldset className="inline-flex self-start rounded-lg sm:self-center border border-slate-300 p-0.5 dark:border-slate-700">
          <legend className="sr-only">View</legend>
          {(['grid', 'list'] as const).map((v) => {
            const Icon = v === 'grid' ? LayoutGrid : List;
            return (
              <button
                key={v}
                type="button"
                onClick={() => setView(v)}
                aria-pressed={view === v}
                aria-label={v === 'grid' ? 'Grid view' : 'List view'}
                className={cn(
                  'rounded-md p-2 text-slate-500 dark:text-slate-400',
                  view === v && 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300',
                )}
              >
                <Icon className="size-4" aria-hidden />
              </button>
            );
          })}
        </fieldset>
      </Card>

      {devices.isPending ? (
        <Spinner label="Loading devices" />
      ) : devices.isError && !devices.data ? (
        <Card>
          <EmptyState
            icon={RefreshCw}
            title={DEVICE_TEXTS.loadFailed}
            action={
              <Button variant="secondary" onClick={() => devices.refetch()}>
                Try again
              </Button>
            }
          />
        </Card>
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState
            icon={Radio}
            title={DEVICE_TEXTS.empty}
            action={!term && canEdit && registerButton(DEVICE_TEXTS.registerFirst)}
          >
            {term
              ? 'No reader matches your search.'
              : 'Pair a handheld reader with the 6-digit code it shows.'}
          </EmptyState>
        </Card>
      ) : view === 'grid' ? (
        <DevicesGrid devices={shown} canEdit={canEdit} onDelete={setDeleting} fixed={fixed} />
      ) : (
        <DevicesTable devices={shown} canEdit={canEdit} onDelete={setDeleting} fixed={fixed} />
      )}

      {canEdit && (
        <>
          <RegisterDeviceDialog isOpen={isRegistering} onOpenChange={setIsRegistering} />
          <AddFixedReaderDialog isOpen={isAddingFixed} onOpenChange={setIsAddingFixed} />
          <StartCountDialog device={startingOn} onClose={() => setStartingOn(null)} />
          <ReplacePasswordDialog device={replacingOn} onClose={() => setReplacingOn(null)} />
          <AntennasDialog device={antennasOn} onClose={() => setAntennasOn(null)} />
          <AuditDetailsDialog audit={finishedAudit} onClose={() => setFinishedAudit(null)} />
          <ConfirmDialog
            isOpen={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete device?"
            description={deleting && deleteDeviceQuestion(deleting.name)}
            confirmLabel="Delete device"
            onConfirm={confirmDelete}
            isPending={remove.isPending}
          />
        </>
      )}
    </>
  );
}
