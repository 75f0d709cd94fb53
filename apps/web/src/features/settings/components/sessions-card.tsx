import { describeUserAgent, type TSession } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Monitor, Printer, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatTimeAgo } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { postRevokeOtherSessions } from '../api/revoke-other-sessions';
import { deleteSession } from '../api/revoke-session';
import { useSessions } from '../api/sessions';
import { SETTINGS_TEXTS } from '../settings-texts';
import { SettingsSection } from './settings-section';

const MOBILE = /Android|iPhone|iPad|iOS/i;

/** 'Chrome 120 on macOS', or the print utility's own name and host. */
function sessionLabel(s: TSession) {
  if (s.kind === 'print_utility') return s.user_agent ?? 'Quantics Print Utility';
  return describeUserAgent(s.user_agent).label;
}

/** Every place the person is signed in, each with Sign out, and "Sign out everywhere else". */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [confirm, setConfirm] = useState<TSession | 'others' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.sessions });

  const revokeOne = useMutation({
    mutationFn: (s: TSession) => deleteSession(s.id),
    onSuccess: () => {
      notify.success(SETTINGS_TEXTS.sessionSignedOut);
      setConfirm(null);
      void refresh();
    },
    onError: (err) => notify.error(errorMessage(err, SETTINGS_TEXTS.sessionSignOutFailed)),
  });
  const revokeOthers = useMutation({
    mutationFn: postRevokeOtherSessions,
    onSuccess: (res) => {
      notify.success(res.message);
      setConfirm(null);
      void refresh();
    },
    onError: (err) => notify.error(errorMessage(err, SETTINGS_TEXTS.sessionSignOutFailed)),
  });

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <>
      <SettingsSection
        title="Where you're signed in"
        description="Browsers and print utilities signed in to your account. Sign out any you don't recognise, then change your password."
        footer={
          others > 0 ? (
            <Button variant="danger-ghost" onClick={() => setConfirm('others')}>
              Sign out everywhere else
            </Button>
          ) : undefined
        }
      >
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <EmptyState
            icon={CircleAlert}
            title={SETTINGS_TEXTS.sessionsLoadFailed}
            action={
              <Button variant="secondary" onClick={() => sessions.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Sessions">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} onSignOut={() => setConfirm(s)} />
            ))}
          </ul>
        )}
      </SettingsSection>
      <ConfirmDialog
        isOpen={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'others' ? 'Sign out everywhere else?' : 'Sign out this session?'}
        description={
          confirm === 'others'
            ? 'Every other browser and print utility signed in to your account is signed out at once. This one stays signed in.'
            : confirm
              ? `${sessionLabel(confirm)} is signed out at once; it has to sign in again with your password.`
              : ''
        }
        confirmLabel={confirm === 'others' ? 'Sign out everywhere else' : 'Sign out'}
        isPending={revokeOne.isPending || revokeOthers.isPending}
        onConfirm={() => {
          if (confirm === 'others') revokeOthers.mutate();
          else if (confirm) revokeOne.mutate(confirm);
        }}
      />
    </>
  );
}

function SessionRow({ session: s, onSignOut }: { session: TSession; onSignOut: () => void }) {
  const Icon = s.kind === 'print_utility' ? Printer : MOBILE.test(s.user_agent ?? '') ? Smartphone : Monitor;
  return (
    <li
      className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
      data-testid="session-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
            <span className="truncate">{sessionLabel(s)}</span>
            {s.current && <Badge tone="green">This session</Badge>}
            {s.kind === 'print_utility' && <Badge tone="blue">Print utility</Badge>}
          </p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {s.ip ?? 'Unknown address'} ·{' '}
            {s.current
              ? 'Active now'
              : s.last_used_at
                ? `Last used ${formatTimeAgo(s.last_used_at)}`
                : 'Not used yet'}{' '}
            · <span title={formatDateTime(s.created_at)}>Signed in {formatTimeAgo(s.created_at)}</span>
          </p>
        </div>
      </div>
      {!s.current && (
        <Button variant="secondary" className="self-start sm:self-center" onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </li>
  );
}
