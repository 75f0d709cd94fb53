import { ROLE_LABELS, type TAcceptInviteRequest, type TInviteInfo } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Clock, Quote, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { postAcceptInvite } from '../api/accept-invite';
import { useInviteInfo } from '../api/invite-info';
import { AcceptInviteForm } from '../components/accept-invite-form';
import { ExistingAccountAccept } from '../components/existing-account-accept';

/**
 * Where the invitation email's link lands. A new person creates their account here; someone with an account
 * signs in first (and comes back here), then joins with one click. Either way they end up signed in to the
 * inviting company with the invited role.
 */
export function AcceptInvitePage() {
  usePageTitle('Accept invitation');
  const [params] = useSearchParams();
  const token = params.get('token');
  const auth = useAuth();
  const info = useInviteInfo(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Signs in to the inviting company; with `shouldRethrow` the form also learns what went wrong. */
  const accept = async (body: TAcceptInviteRequest, company: string, shouldRethrow = false) => {
    try {
      const res = await postAcceptInvite(body);
      auth.signIn(res.token, res.user);
      // Nothing cached from a previous company may show in the new one. (Not clear(): that would also
      // detach the signed-in user's query from its observer and keep showing the old company.)
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      notify.success(`Welcome to ${company}!`);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to accept invitation'));
      if (shouldRethrow) throw err;
    }
  };

  if (!token) {
    return (
      <Problem title="This invitation link is incomplete">
        Open the link from your invitation email again, or ask the admin who invited you to resend it.
      </Problem>
    );
  }
  if (info.isPending || auth.isLoading) {
    return (
      <AuthLayout title="Accept invitation" subtitle="Checking your invitation…">
        <Spinner label="Checking your invitation" />
      </AuthLayout>
    );
  }
  if (info.isError) {
    return (
      <Problem title="This invitation can't be used">
        {errorMessage(info.error, 'Open the link from your invitation email again.')}
      </Problem>
    );
  }

  const invite = info.data;
  const role = ROLE_LABELS[invite.role];
  return (
    <AuthLayout
      title={`Join ${invite.company}`}
      subtitle={`${invite.inviter_name ?? 'An admin'} invited you to join as ${role}.`}
    >
      <InvitationSummary info={invite} />
      {auth.user ? (
        auth.user.email.toLowerCase() === invite.email.toLowerCase() ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">
              You are signed in as <strong className="text-slate-900">{auth.user.email}</strong>. Joining adds{' '}
              {invite.company} to your companies and switches you to it.
            </p>
            <Button size="lg" className="w-full" onClick={() => accept({ token }, invite.company)}>
              Join {invite.company}
            </Button>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">
              You are signed in as <strong className="text-slate-900">{auth.user.email}</strong>, but this
              invitation is for <strong className="text-slate-900">{invite.email}</strong>.
            </p>
            <Button size="lg" variant="secondary" className="w-full" onClick={() => auth.signOut()}>
              Sign out and continue
            </Button>
          </div>
        )
      ) : invite.has_account ? (
        <ExistingAccountAccept
          info={invite}
          token={token}
          onAccept={(body) => accept(body, invite.company, true)}
        />
      ) : (
        <AcceptInviteForm
          info={invite}
          onSubmit={(v) => accept({ token, name: v.name, password: v.password }, invite.company)}
        />
      )}
    </AuthLayout>
  );
}

function InvitationSummary({ info }: { info: TInviteInfo }) {
  return (
    <div className="mb-6 space-y-3">
      {info.message && (
        <figure className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
          <Quote className="mb-1 size-4 text-brand-500" aria-hidden />
          <blockquote className="whitespace-pre-line">{info.message}</blockquote>
          {info.inviter_name && (
            <figcaption className="mt-2 text-xs text-slate-500">{info.inviter_name}</figcaption>
          )}
        </figure>
      )}
      {info.requires_two_factor && (
        <p
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="invite-requires-2fa"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <span>
            {info.company} requires two-factor authentication. Right after joining you will set it up with an
            authenticator app on your phone before you can use Quantics.
          </span>
        </p>
      )}
      <p className="flex items-center gap-2 text-xs text-slate-500">
        <Clock className="size-4" aria-hidden />
        This invitation works until {formatDate(info.expires_at)}.
      </p>
    </div>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthLayout title="Accept invitation" subtitle="Join your team on Quantics">
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-5" role="alert">
        <div className="flex gap-3">
          <CircleAlert className="size-5 shrink-0 text-amber-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-700">{children}</p>
          </div>
        </div>
      </div>
      <div className="mt-6 flex gap-4 text-sm">
        <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
          Go to sign in
        </Link>
        <Link to="/" className="font-medium text-slate-600 hover:text-slate-800">
          Quantics home
        </Link>
      </div>
    </AuthLayout>
  );
}
