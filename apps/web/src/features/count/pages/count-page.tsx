import type {
  TAudit,
  TOpenCount,
  TRecountToDo,
  TShipmentSummary,
  TUser,
  TWedgeRead,
} from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2,
  ClipboardList,
  Clock,
  CloudOff,
  Flag,
  PackageOpen,
  RefreshCw,
  UploadCloud,
  Users,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { HelpPanel, HelpToggle, useHelp } from '@/components/ui/help-panel';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { PWA_TEXTS, usePwaUpdates, useUpdateWaiting } from '@/lib/pwa-update';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { AuditDetailsDialog } from '@/shared/audits/audit-details-dialog';
import { useCountProgress, useFinishForEveryone, useOpenCounts } from '@/shared/audits/count-progress';
import { useStartRecount } from '@/shared/reviews/reviews-api';
import { type BrowserCredential, countKey, forgetCredential, readCredential } from '../api/browser-device';
import { ReaderError } from '../api/reader-client';
import {
  fetchShipment,
  lookupCarton,
  receivingShipment,
  storedReceiptOf,
  useShipmentsToReceive,
} from '../api/receiving';
import { CaptureField, type CaptureHandle } from '../components/capture-field';
import { CountFigures } from '../components/count-figures';
import { DATAWEDGE_HELP } from '../components/datawedge-help';
import { DueNow } from '../components/due-now';
import { LastReads } from '../components/last-reads-list';
import { OpenCountsList } from '../components/open-counts-list';
import { QuantitySwitch } from '../components/quantity-switch';
import { ReaderBusy, type ReaderBusyState } from '../components/reader-busy';
import { ReaderTest } from '../components/reader-test';
import { ReceivePicker } from '../components/receive-picker';
import { ReceivingView } from '../components/receiving-view';
import { RecountsWaiting } from '../components/recounts-waiting';
import { ScanDialogs } from '../components/scan-dialogs';
import { SetUpBrowser } from '../components/set-up-browser';
import { type StartChoice, StartCountForm } from '../components/start-count-form';
import { TeamLine } from '../components/team-line';
import { ToFindList } from '../components/to-find-list';
import { COUNT_TEXTS } from '../count-texts';
import { findOpenCount, finishOwnPart } from '../lib/count-sender';
import { CountSession, type CountView, type LastReadView } from '../lib/count-session';
import type { StoredReceipt } from '../lib/count-store';

const prefixKey = (user: TUser) => `quantics.count.prefix.${countKey(user)}`;
const askQuantityKey = (user: TUser) => `quantics.count.ask-quantity.${countKey(user)}`;
const EMPTY_VIEW = () => null;
const NO_SUBSCRIBE = () => () => {};

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
/** Whether the browser says it has a network (its word: a dead Wi-Fi corner may still say online). */
function useIsOnline() {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

function useCountView(session: CountSession | null): CountView | null {
  return useSyncExternalStore(session?.subscribe ?? NO_SUBSCRIBE, session?.getView ?? EMPTY_VIEW);
}

function formatElapsed(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(s / 3600);
  // number-format: a clock's digits (m:ss), not a quantity
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hh ? 2 : 1, '0');
  // number-format: a clock's digits (m:ss), not a quantity
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="count-elapsed">
      <Clock className="size-4" aria-hidden />
      {formatElapsed(now - since)}
    </span>
  );
}

/** The 409 of a start or a join whose reader is in another open count: that count and the server's words. */
function readerBusyOf(err: unknown): ReaderBusyState | null {
  const id = err instanceof ReaderError && err.status === 409 ? err.body?.open_audit_id : undefined;
  return typeof id === 'number' ? { message: (err as Error).message, auditId: id } : null;
}

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

function SyncStatus({ view }: { view: CountView }) {
  if (view.isOffline)
    return (
      <span className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-300" role="status">
        <CloudOff className="size-4" aria-hidden />
        {COUNT_TEXTS.offlineReads(view.unsent)}
      </span>
    );
  if (!view.isStartedOnServer)
    return (
      <span className="inline-flex items-center gap-1.5" role="status">
        <UploadCloud className="size-4" aria-hidden />
        Creating the count on the portal
      </span>
    );
  if (view.unsent > 0)
    return (
      <span className="inline-flex items-center gap-1.5" role="status">
        <UploadCloud className="size-4" aria-hidden />
        Sending {formatCount(view.unsent)} reads
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300" role="status">
      <CheckCircle2 className="size-4" aria-hidden />
      All reads sent
    </span>
  );
}

export function CountPage() {
  usePageTitle('Count');
  const { user } = useAuth();
  const help = useHelp();
  const queryClient = useQueryClient();
  // This handheld's device credential, kept in IndexedDB (where the service worker can read it too).
  const [credential, setCredential] = useState<BrowserCredential | null>(null);
  const [isLoadingCredential, setIsLoadingCredential] = useState(true);
  const [session, setSession] = useState<CountSession | null>(null);
  const [isResuming, setIsResuming] = useState(true);
  const [isStarting, setIsStarting] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);
  const [result, setResult] = useState<TAudit | null>(null);
  // A finished receipt: its shipment, whose receipt the Shipments page shows.
  const [resultReceipt, setResultReceipt] = useState<StoredReceipt | null>(null);
  // Count stock or Receive (issue 51); `/count?mode=receive` opens on Receive.
  const [params] = useSearchParams();
  const [mode, setMode] = useState(() => (params.get('mode') === 'receive' ? 'receive' : 'count'));
  // A start refused because this handheld is still in another open count: offered to resume it or finish it.
  const [busy, setBusy] = useState<ReaderBusyState | null>(null);
  const [retry, setRetry] = useState<StartChoice | null>(null);
  const [isFinishingBusy, setIsFinishingBusy] = useState(false);
  const [prefix, setPrefix] = useState(() => (user ? (localStorage.getItem(prefixKey(user)) ?? '') : ''));
  // A habit of the person on this handheld, kept like the prefix: a shop that counts by hand always wants it.
  const [askQuantity, setAskQuantity] = useState(
    () => !!user && localStorage.getItem(askQuantityKey(user)) === 'on',
  );
  const [quantityRow, setQuantityRow] = useState<LastReadView | null>(null);
  const capture = useRef<CaptureHandle>(null);
  const startRecount = useStartRecount();
  const view = useCountView(session);
  const isOnline = useIsOnline();
  // Team counts: the counts to join (while none is open here), and the whole count's progress while counting.
  const openCounts = useOpenCounts(!!credential && !session);
  const toReceive = useShipmentsToReceive(user, !!credential && !session && mode === 'receive');
  const auditId = view?.isStartedOnServer ? (session?.stored.auditId ?? null) : null;
  const progress = useCountProgress(auditId);
  const finishForEveryone = useFinishForEveryone();
  const team = progress.data && progress.data.participants.length > 1 ? progress.data : null;
  // A trading store: stock moved during the count, so expected is the portal's figure so far (issue 48).
  const movedNow = progress.data?.status === 'in_progress' ? (progress.data.moved ?? null) : null;
  const live = movedNow && progress.data ? { expected: progress.data.units_expected, moved: movedNow } : null;
  const movedKey = movedNow ? JSON.stringify(movedNow) : null;
  useEffect(() => {
    // A recount's short list follows what moved: each product's expected again, as of its first read.
    if (movedKey !== null && session?.stored.recountOf !== undefined)
      session?.refreshShortList().catch(() => undefined);
  }, [movedKey, session]);
  // The person who started it (seat 0 is the reader that started it: this browser is that person's) or an admin.
  const mayFinishForEveryone =
    !!team &&
    team.participants.some((p) => !p.finished && p.device_id !== credential?.deviceId) &&
    (user?.role === 'admin' || team.participants[0]?.device_id === credential?.deviceId);
  // A new version of the app is taken only when no count is open here (lib/pwa-update.ts).
  const pwa = usePwaUpdates();
  const isUpdateWaiting = useUpdateWaiting();
  // A finished count's result stays on screen until the person leaves the page: the update waits for that too.
  useEffect(() => {
    pwa?.setCountOpen(session !== null || result !== null);
  }, [pwa, session, result]);
  useEffect(() => () => pwa?.setCountOpen(false), [pwa]);

  useEffect(() => {
    if (!user) return;
    let isCurrent = true;
    readCredential(user)
      .then((c) => isCurrent && setCredential(c))
      .catch(() => notify.error(COUNT_TEXTS.startFailed))
      .finally(() => isCurrent && setIsLoadingCredential(false));
    return () => {
      isCurrent = false;
    };
  }, [user]);

  // A count left open on this browser (a reload, the phone restarting) carries on where it was.
  useEffect(() => {
    if (isLoadingCredential) return;
    if (!user || !credential) {
      setIsResuming(false);
      return;
    }
    let isCurrent = true;
    let resumed: CountSession | null = null;
    CountSession.resume(countKey(user), credential.token)
      .then((s) => {
        resumed = s;
        if (isCurrent) setSession(s);
        else s?.stop();
      })
      .catch(() => notify.error(COUNT_TEXTS.startFailed))
      .finally(() => isCurrent && setIsResuming(false));
    return () => {
      isCurrent = false;
      resumed?.stop();
    };
  }, [user, credential, isLoadingCredential]);

  // Reads not yet answered: flush them to IndexedDB when the page hides, and ask before leaving.
  const hasUnsent = (view?.unsent ?? 0) > 0;
  useEffect(() => {
    if (!session) return;
    const onHide = () => document.visibilityState === 'hidden' && void session.flush();
    const onOnline = () => session.retryNow();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
    };
  }, [session]);
  useEffect(() => {
    if (!hasUnsent) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      void session?.flush();
      e.preventDefault();
      e.returnValue = COUNT_TEXTS.leaveQuestion;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsent, session]);
  const blocker = useBlocker(hasUnsent);

  const onRead = useCallback(
    (reads: TWedgeRead[], ignored: string[]) => session?.take(reads, ignored, { askQuantity }),
    [session, askQuantity],
  );
  // A dialog closed or the switch flipped: the reader's next keystrokes must land in the capture field again.
  const backToCapture = useCallback(() => requestAnimationFrame(() => capture.current?.focus()), []);

  // Finish waits for the connection (the audit is completed on the server, with every read, when it is back); a
  // finish asked for before a reload carries on by itself.
  // A team count: "Finish" is this handheld's part (the count goes on with the others); its starter or an admin may
  // finish it for everyone, once this handheld's own reads are all in.
  const finish = useCallback(
    async (forEveryone = false) => {
      if (!session) return;
      capture.current?.finishPending();
      setIsFinishing(true);
      const receipt = session.stored.receipt ?? null;
      try {
        const mine = await session.finish();
        setSession(null);
        setResultReceipt(receipt);
        const audit =
          forEveryone && mine.status === 'in_progress' ? await finishForEveryone.mutateAsync(mine.id) : mine;
        setResult(audit);
        queryClient.invalidateQueries({ queryKey: queryKeys.audits.all });
        queryClient.invalidateQueries({ queryKey: queryKeys.counts.due });
        queryClient.invalidateQueries({ queryKey: queryKeys.counts.recounts });
        if (receipt) queryClient.invalidateQueries({ queryKey: queryKeys.shipments.all });
      } catch (err) {
        notify.error(err instanceof Error && err.message ? err.message : COUNT_TEXTS.finishFailed);
      } finally {
        setIsFinishing(false);
      }
    },
    [session, queryClient, finishForEveryone.mutateAsync],
  );
  useEffect(() => {
    if (session?.isFinishing) void finish();
  }, [session, finish]);

  if (!user) return null;

  const start = async (choice: StartChoice) => {
    if (!credential) return;
    setIsStarting(true);
    setResult(null);
    setResultReceipt(null);
    setBusy(null);
    try {
      setSession(
        await CountSession.start({
          key: countKey(user),
          token: credential.token,
          deviceId: credential.deviceId,
          ...choice,
        }),
      );
    } catch (err) {
      const isBusy = readerBusyOf(err);
      setBusy(isBusy);
      setRetry(isBusy ? choice : null);
      // A shipment another handheld is receiving already: this one joins that count.
      if (!isBusy && choice.receipt && err instanceof ReaderError && err.status === 409) {
        const now = await fetchShipment(choice.receipt.shipmentId).catch(() => null);
        if (now?.status === 'receiving' && now.receipt_audit_id !== null) {
          await joinReceipt(now);
          return;
        }
      }
      if (!isBusy)
        notify.error(errorText(err, choice.receipt ? COUNT_TEXTS.receiveFailed : COUNT_TEXTS.startFailed));
    } finally {
      setIsStarting(false);
    }
  };

  // Joins a count in progress (or resumes this handheld's own): its reads go to that count from now on.
  const join = async (count: Pick<TOpenCount, 'id' | 'name' | 'place' | 'audit_type'>) => {
    if (!credential) return;
    setIsStarting(true);
    setResult(null);
    setResultReceipt(null);
    try {
      // A receipt in progress is joined as a receipt: its shipment's lines show as this handheld reads.
      const receiving =
        count.audit_type === 'receipt'
          ? ((toReceive.data ?? []).find((s) => s.receipt_audit_id === count.id) ??
            (await receivingShipment(count.id)))
          : undefined;
      setSession(
        await CountSession.join({
          key: countKey(user),
          token: credential.token,
          deviceId: credential.deviceId,
          count,
          scopeLabel: count.place ?? COUNT_TEXTS.wholePlace,
          ...(receiving && { receipt: storedReceiptOf(receiving) }),
        }),
      );
      setBusy(null);
      setRetry(null);
    } catch (err) {
      const isBusy = readerBusyOf(err);
      setBusy(isBusy);
      if (!isBusy) notify.error(errorText(err, COUNT_TEXTS.joinFailed));
    } finally {
      setIsStarting(false);
    }
  };

  // Receive: a shipment to receive starts its receipt; one being received already is joined (a team at one truck).
  const joinReceipt = (s: TShipmentSummary) =>
    join({
      id: s.receipt_audit_id as number,
      name: `Receipt ${s.reference}`,
      place: s.destination_location,
      audit_type: 'receipt',
    });
  const receive = (s: TShipmentSummary) => {
    if (s.status === 'receiving' && s.receipt_audit_id !== null) return joinReceipt(s);
    return start({
      locationId: null,
      room: null,
      scopeLabel: s.destination_location ?? s.reference,
      name: `Receipt ${s.reference}`,
      isBlind: false,
      receipt: storedReceiptOf(s),
    });
  };
  // A carton label scanned on Receive: the shipment it comes with is opened (an error says why not).
  const receiveCarton = async (code: string) => {
    const carton = await lookupCarton(code);
    if (!carton?.shipment) throw new Error(COUNT_TEXTS.cartonNoShipment(carton?.sscc ?? code));
    const id = carton.shipment.id;
    const s = (toReceive.data ?? []).find((x) => x.id === id) ?? (await fetchShipment(id));
    await receive(s);
  };

  // The count that held this handheld, resumed here: as listed among the counts in progress (its place, its name).
  const resumeBusy = async () => {
    if (!busy || !credential) return;
    const listed = await findOpenCount(credential.token, busy.auditId).catch(() => undefined);
    await join(listed ?? { id: busy.auditId, name: `Audit #${busy.auditId}`, place: null, audit_type: null });
  };

  // This handheld's part of that count finished with what the portal has of it; then the start asked for goes on.
  const finishBusy = async () => {
    if (!busy || !credential) return;
    setIsFinishingBusy(true);
    try {
      const done = await finishOwnPart(credential.token, busy.auditId);
      setBusy(null);
      queryClient.invalidateQueries({ queryKey: queryKeys.audits.all });
      if (retry) await start(retry);
      else setResult(done);
    } catch (err) {
      notify.error(errorText(err, COUNT_TEXTS.finishFailed));
    } finally {
      setIsFinishingBusy(false);
    }
  };

  // A recount an admin asked for: started on this browser's device (or the one already started here), then opened
  // as a count of just what to find.
  const openRecount = async (r: TRecountToDo) => {
    if (!credential) return;
    setIsStarting(true);
    setResult(null);
    try {
      const audit =
        r.recount_id !== null && r.recount_device_id === credential.deviceId
          ? { id: r.recount_id, name: `Recount of ${r.name}`, recount_of: r.audit_id }
          : await startRecount.mutateAsync({ id: r.audit_id, deviceId: credential.deviceId });
      setSession(
        await CountSession.open({
          key: countKey(user),
          token: credential.token,
          deviceId: credential.deviceId,
          audit,
          scopeLabel: r.place ?? 'Recount',
        }),
      );
      queryClient.invalidateQueries({ queryKey: queryKeys.counts.recounts });
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : COUNT_TEXTS.recountStartFailed);
    } finally {
      setIsStarting(false);
    }
  };

  const startOver = async () => {
    const refused = view?.problem?.openAuditId;
    await session?.discard();
    setSession(null);
    // A count started offline, refused because this handheld was in another open count: offered as a start is.
    if (refused !== undefined && view?.problem) setBusy({ message: view.problem.message, auditId: refused });
    if (view?.problem?.kind === 'device-removed') {
      await forgetCredential(user);
      setCredential(null);
    }
  };

  const header = (
    <PageHeader
      title={COUNT_TEXTS.title}
      description={COUNT_TEXTS.description}
      actions={<HelpToggle help={help} />}
    />
  );
  const helpPanel = (
    <HelpPanel
      help={help}
      title="Counting with a handheld"
      intro="Set the reader up once, test it below, then count."
      sections={DATAWEDGE_HELP}
    />
  );

  if (isResuming)
    return (
      <>
        {header}
        <Spinner label="Loading your count" />
      </>
    );

  if (session && view) {
    const s = session.stored;
    return (
      <div className="mx-auto max-w-2xl pb-24 sm:pb-0">
        {header}
        {helpPanel}
        <div className="space-y-4">
          <Card className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm text-slate-600 dark:text-slate-400">
            <div className="min-w-0">
              <p
                className="truncate font-semibold text-slate-900 dark:text-slate-100"
                data-testid="count-scope"
              >
                {s.name ? `${s.name} · ${s.scopeLabel}` : s.scopeLabel}
              </p>
              <SyncStatus view={view} />
            </div>
            <Elapsed since={s.startedAt} />
          </Card>
          {team && credential && (
            <TeamLine
              progress={team}
              deviceId={credential.deviceId}
              isBlind={s.isBlind}
              isReceipt={!!s.receipt}
            />
          )}
          {!view.isStartedOnServer && !view.problem && (
            <p
              className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
              data-testid="count-started-offline"
            >
              {COUNT_TEXTS.startedOffline}
            </p>
          )}
          {isUpdateWaiting && (
            <p
              className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-100"
              role="status"
            >
              {PWA_TEXTS.waitingForCount}
            </p>
          )}
          {view.problem ? (
            <Card className="border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200">
              <p role="alert">
                {view.problem.kind === 'device-removed' ? COUNT_TEXTS.deviceRemoved : view.problem.message}
              </p>
              <Button variant="secondary" className="mt-3" onClick={startOver}>
                <RefreshCw className="size-4" aria-hidden />
                Start over
              </Button>
            </Card>
          ) : (
            <CaptureField ref={capture} prefix={prefix} onRead={onRead} />
          )}
          <QuantitySwitch
            isOn={askQuantity}
            onChange={(isOn) => {
              setAskQuantity(isOn);
              localStorage.setItem(askQuantityKey(user), isOn ? 'on' : 'off');
              backToCapture();
            }}
          />
          {view.toFind && <ToFindList rows={view.toFind} />}
          {s.receipt ? (
            <ReceivingView session={session} receipt={s.receipt} view={view} isOnline={isOnline} />
          ) : (
            /* Until a count started offline has its sheet, nothing expected is known: shown as a blind count is. */
            <CountFigures view={view} isBlind={s.isBlind || !view.isStartedOnServer} live={live} />
          )}
          <LastReads
            view={view}
            isBlind={s.isBlind}
            onEnterQuantity={(row) => {
              // The dialog gives the focus back to what had it as it opened: the capture field, for the next scan.
              capture.current?.focus();
              setQuantityRow(row);
            }}
          />
        </div>
        <ScanDialogs
          session={session}
          view={view}
          isBlind={s.isBlind}
          row={quantityRow}
          onRowDone={() => setQuantityRow(null)}
          onClosed={backToCapture}
        />
        <div className="fixed inset-x-0 bottom-16 z-10 border-t border-slate-200 bg-white/95 p-3 backdrop-blur sm:static sm:mt-4 sm:border-0 sm:bg-transparent sm:p-0 lg:bottom-0 dark:border-slate-800 dark:bg-slate-950/95 sm:dark:bg-transparent">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              size="lg"
              className="flex-1 whitespace-nowrap"
              onClick={() => finish()}
              isLoading={isFinishing}
              disabled={!!view.problem}
            >
              <Flag className="size-4" aria-hidden />
              {isFinishing && view.isOffline
                ? COUNT_TEXTS.waitingConnection
                : team
                  ? COUNT_TEXTS.finishMine
                  : s.receipt
                    ? COUNT_TEXTS.finishReceiving
                    : 'Finish count'}
            </Button>
            {mayFinishForEveryone && !isFinishing && (
              <Button
                size="lg"
                variant="secondary"
                className="flex-1 whitespace-nowrap"
                onClick={() => finish(true)}
                disabled={!!view.problem}
              >
                <Users className="size-4" aria-hidden />
                {COUNT_TEXTS.finishForEveryone}
              </Button>
            )}
          </div>
        </div>
        <ConfirmDialog
          isOpen={blocker.state === 'blocked'}
          onOpenChange={(o) => !o && blocker.reset?.()}
          title="Leave the count?"
          description={COUNT_TEXTS.leaveQuestion}
          confirmLabel="Leave"
          onConfirm={() => blocker.proceed?.()}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      {header}
      {helpPanel}
      <div className="space-y-4">
        {!isOnline && (
          <p
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100"
            role="status"
          >
            <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            {COUNT_TEXTS.offlinePage}
          </p>
        )}
        {result && resultReceipt && result.status !== 'in_progress' && (
          <Card className="flex flex-wrap items-center justify-between gap-3 border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10">
            <p className="text-sm text-emerald-800 dark:text-emerald-200" role="status">
              <CheckCircle2 className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
              {COUNT_TEXTS.received(resultReceipt.reference)}
            </p>
            <Link
              to={`/shipments?shipment=${resultReceipt.shipmentId}`}
              className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {COUNT_TEXTS.viewReceipt}
            </Link>
          </Card>
        )}
        {result && !(resultReceipt && result.status !== 'in_progress') && (
          <Card className="flex flex-wrap items-center justify-between gap-3 border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-500/30 dark:bg-emerald-500/10">
            <p className="text-sm text-emerald-800 dark:text-emerald-200">
              <CheckCircle2 className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
              {result.status === 'in_progress'
                ? COUNT_TEXTS.partDone(result.name)
                : `Count finished: ${result.name}`}
            </p>
            <Button variant="secondary" size="sm" onClick={() => setResult({ ...result })}>
              {result.status === 'in_progress' ? 'View progress' : 'View result'}
            </Button>
          </Card>
        )}
        {busy && (
          <ReaderBusy
            busy={busy}
            onResume={() => void resumeBusy()}
            onFinish={finishBusy}
            isWorking={isFinishingBusy}
          />
        )}
        {credential && (
          <OpenCountsList
            counts={openCounts.data?.data ?? []}
            deviceId={credential.deviceId}
            onJoin={join}
            isBusy={isStarting || isFinishingBusy}
            isOnline={isOnline}
          />
        )}
        {credential ? (
          <Tabs value={mode} onValueChange={setMode}>
            <TabsList aria-label="Count or receive">
              <TabsTrigger value="count">
                <ClipboardList className="size-4" aria-hidden />
                {COUNT_TEXTS.countTab}
              </TabsTrigger>
              <TabsTrigger value="receive">
                <PackageOpen className="size-4" aria-hidden />
                {COUNT_TEXTS.receiveTab}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="count" className="space-y-4 pt-4">
              <RecountsWaiting deviceId={credential.deviceId} onOpen={openRecount} isStarting={isStarting} />
              <DueNow onStart={start} isStarting={isStarting} />
              <StartCountForm
                user={user}
                deviceName={credential.name}
                prefix={prefix}
                onPrefixChange={(p) => {
                  setPrefix(p);
                  localStorage.setItem(prefixKey(user), p);
                }}
                onStart={start}
                isStarting={isStarting}
              />
            </TabsContent>
            <TabsContent value="receive" className="pt-4">
              <ReceivePicker
                shipments={toReceive.data}
                isLoading={toReceive.isPending}
                isError={toReceive.isError}
                isOnline={isOnline}
                isStarting={isStarting}
                onReceive={(s) => void receive(s)}
                onCarton={receiveCarton}
              />
            </TabsContent>
          </Tabs>
        ) : (
          <SetUpBrowser user={user} onDone={setCredential} />
        )}
        <ReaderTest prefix={prefix} />
      </div>
      <ResultDialog result={resultReceipt ? null : result} />
    </div>
  );
}

/** The finished count's result: the same audit details dialog as the Audits page. */
function ResultDialog({ result }: { result: TAudit | null }) {
  const [open, setOpen] = useState<TAudit | null>(result);
  useEffect(() => setOpen(result), [result]);
  return <AuditDetailsDialog audit={open} onClose={() => setOpen(null)} />;
}
