import {
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  type TLocation,
  type TLocationKind,
} from '@quantics/contracts';
import { ChevronsDownUp, ChevronsUpDown, ListChecks, MapPin, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useLocations } from '@/shared/locations/locations-api';
import { useDeleteLocation } from '../api/delete-location';
import { KindSuggestions } from '../components/kind-suggestions';
import { LocationDialog, type LocationTarget } from '../components/location-dialog';
import { LocationsHelp } from '../components/locations-help';
import { LocationsTree } from '../components/locations-tree';
import { parentIds, type TreeRow, visibleRows } from '../location-tree';
import { LOCATION_TEXTS } from '../locations-texts';

export function LocationsPage() {
  usePageTitle('Locations');
  const { user } = useAuth();
  const canWrite = useCan('operator');
  const isAdmin = useCan('admin');
  const navigate = useNavigate();
  const [kind, setKind] = useState<TLocationKind | ''>('');
  const help = useHelp();
  const locations = useLocations();
  useToastOnError(locations.error, LOCATION_TEXTS.loadFailed);
  const remove = useDeleteLocation();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<LocationTarget | null>(null);
  const [deleting, setDeleting] = useState<TLocation | null>(null);
  if (!user) return null;
  const all = locations.data ?? [];
  // A kind filter lists the places of that kind wherever they are in the tree, each with its parent.
  const rows = kind === '' ? visibleRows(all, collapsed) : kindRows(all, kind);
  const hasNesting = all.some((l) => l.parent_location_id !== null);

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(LOCATION_TEXTS.deleted);
      setDeleting(null);
    } catch (err) {
      // The server says why (e.g. sub-locations still inside); the dialog closes either way.
      notify.error(errorMessage(err, LOCATION_TEXTS.deleteFailed));
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Locations"
        description={`Where the stock of ${user.company} lives: stores, rooms, shelves and bins.`}
        actions={
          <>
            <HelpToggle help={help} />
            {all.some((l) => l.kind === 'store') && (
              <Button variant="secondary" onClick={() => navigate('/refill')}>
                <ListChecks className="size-4" aria-hidden />
                Refill list
              </Button>
            )}
            {canWrite && (
              <Button onClick={() => setTarget({ kind: 'new', parentId: null })}>
                <Plus className="size-4" aria-hidden />
                Add Location
              </Button>
            )}
          </>
        }
      />
      <LocationsHelp help={help} />
      {isAdmin && <KindSuggestions locations={all} />}

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
            All locations
            {locations.data && (
              <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                {formatCount(all.length)}
              </span>
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-1">
            <Select
              aria-label="Filter by kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as TLocationKind | '')}
              className="w-40"
            >
              <option value="">All kinds</option>
              {LOCATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LOCATION_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
            {hasNesting && kind === '' && (
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set())}>
                  <ChevronsUpDown className="size-4" aria-hidden />
                  Expand all
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setCollapsed(new Set(parentIds(all)))}>
                  <ChevronsDownUp className="size-4" aria-hidden />
                  Collapse all
                </Button>
              </div>
            )}
          </div>
        </div>
        {locations.isPending ? (
          <Spinner label="Loading locations" />
        ) : locations.isError ? (
          <EmptyState
            icon={RefreshCw}
            title={LOCATION_TEXTS.loadFailed}
            action={
              <Button variant="secondary" onClick={() => locations.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(locations.error, 'Check your connection and try again.')}
          </EmptyState>
        ) : all.length === 0 ? (
          <EmptyState
            icon={MapPin}
            title={LOCATION_TEXTS.empty}
            action={
              canWrite && (
                <Button onClick={() => setTarget({ kind: 'new', parentId: null })}>
                  <Plus className="size-4" aria-hidden />
                  Add Location
                </Button>
              )
            }
          >
            Add the stores, rooms and shelves where you keep stock, then place products in them.
          </EmptyState>
        ) : (
          <LocationsTree
            rows={rows}
            collapsed={collapsed}
            onToggle={toggle}
            handlers={
              canWrite
                ? {
                    onAddChild: (parent) => setTarget({ kind: 'new', parentId: parent.id }),
                    onEdit: (location) => setTarget({ kind: 'edit', location }),
                    onDelete: setDeleting,
                  }
                : undefined
            }
          />
        )}
      </Card>

      {canWrite && (
        <>
          <LocationDialog target={target} all={all} onOpenChange={(open) => !open && setTarget(null)} />
          <ConfirmDialog
            isOpen={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete location?"
            description={deleting && deleteWarning(deleting)}
            confirmLabel="Delete location"
            onConfirm={confirmDelete}
            isPending={remove.isPending}
          />
        </>
      )}
    </>
  );
}

function kindRows(all: TLocation[], kind: TLocationKind): TreeRow[] {
  return all
    .filter((l) => (l.kind ?? 'other') === kind)
    .map((location) => ({ location, depth: 0, hasChildren: false }));
}

function deleteWarning(l: TLocation): string {
  if (l.children_count > 0) {
    return `${l.name} still has ${formatCount(l.children_count)} sub-location${l.children_count === 1 ? '' : 's'}; it can only be deleted once they are moved or deleted.`;
  }
  if (l.product_count > 0) {
    return `${l.name} will be deleted. Its ${formatCount(l.product_count)} product${l.product_count === 1 ? '' : 's'} stay in your catalogue with location 'Not set'.`;
  }
  return `${l.name} will be deleted.`;
}
