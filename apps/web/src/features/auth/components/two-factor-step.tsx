import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { AUTH_TEXTS } from '@/lib/messages';
import { notify } from '@/lib/toast';

type Props = {
  /** Resolves true when signed in; false when the code was not accepted. */
  onVerify: (code: string) => Promise<boolean>;
  onBack: () => void;
};

/** The code step of sign-in: an authenticator code or a backup code. */
export function TwoFactorStep({ onVerify, onBack }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(AUTH_TEXTS.twoFactorRequired);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      const isDone = await onVerify(value);
      if (!isDone) {
        notify.error('Invalid 2FA code');
        setCode('');
      }
    } catch (err) {
      notify.error(errorMessage(err, 'Invalid 2FA code'));
      setCode('');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
        <p>Enter the 6-digit code from your authenticator app, or one of your 8-character backup codes.</p>
      </div>
      <Field label="Authentication code" error={error}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\s/g, '').slice(0, 8))}
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            placeholder="123456"
            className="text-center font-mono text-lg tracking-[0.3em]"
            hasError={!!error}
          />
        )}
      </Field>
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onBack}>
          Back to Login
        </Button>
        <Button type="submit" className="flex-1" isLoading={isBusy}>
          Verify
        </Button>
      </div>
    </form>
  );
}
