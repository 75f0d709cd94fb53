import type { TAcceptInviteRequest, TInviteInfo } from '@quantics/contracts';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { AUTH_TEXTS } from '@/lib/messages';

type Props = {
  info: TInviteInfo;
  token: string;
  /** Resolves when accepted; rejects with the server's error. */
  onAccept: (body: TAcceptInviteRequest) => Promise<void>;
};

/**
 * The invited email already has an account: its password (and two-factor code, when the server asks for one)
 * accepts right here. Signing in first works too; for someone whose account belongs to no company any more,
 * this form is the only way back in.
 */
export function ExistingAccountAccept({ info, token, onAccept }: Props) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isCodeNeeded, setIsCodeNeeded] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(AUTH_TEXTS.passwordRequired);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      await onAccept({ token, password, ...(isCodeNeeded ? { twoFactorCode: code } : {}) });
    } catch (err) {
      // The server asks for the code only after the password checked out.
      if (err instanceof ApiError && err.message === AUTH_TEXTS.twoFactorRequired) setIsCodeNeeded(true);
      setCode('');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        <strong className="text-slate-900">{info.email}</strong> already has a Quantics account. Enter its
        password to accept the invitation.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        {isCodeNeeded && (
          <TextField
            label="Authentication code"
            hint="The 6-digit code from your authenticator app, or an 8-character backup code."
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\s/g, '').slice(0, 8))}
          />
        )}
        <Button type="submit" size="lg" className="w-full" isLoading={isBusy}>
          Accept and join {info.company}
        </Button>
      </form>
      <div className="flex items-center justify-between text-sm">
        <Link
          to={`/login?next=${encodeURIComponent(`/accept-invite?token=${token}`)}`}
          className="inline-flex items-center gap-1.5 font-medium text-brand-600 hover:text-brand-700"
        >
          <LogIn className="size-4" aria-hidden />
          Sign in to accept
        </Link>
        <Link to="/forgot-password" className="text-slate-500 hover:text-slate-700">
          Forgot password?
        </Link>
      </div>
    </div>
  );
}
