import { DEVICE_CODE_LENGTH, isDeviceCode, normalizeDeviceCode } from '@quantics/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { DEVICE_TEXTS } from '@/features/devices/device-texts';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRegisterDevice } from '../api/devices';

/** The 6-digit code the reader shows: digits only, submit enabled at 6, 'Registering...' while busy. */
export function RegisterDeviceDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const register = useRegisterDevice();
  const close = (open: boolean) => {
    if (!open) {
      setCode('');
      setError(null);
    }
    onOpenChange(open);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isDeviceCode(code)) return setError(DEVICE_TEXTS.codeFormat);
    try {
      await register.mutateAsync(code);
      notify.success(DEVICE_TEXTS.registered);
      close(false);
    } catch (err) {
      const server = err instanceof ApiError && err.hasServerMessage ? err.message : null;
      setError(server ?? DEVICE_TEXTS.registerFailed);
      notify.error(server ? `${DEVICE_TEXTS.registerFailed}: ${server}` : DEVICE_TEXTS.registerFailed);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title={DEVICE_TEXTS.registerDevice}
      description="Start pairing on the reader, then type the 6-digit code it shows. Codes expire after 5 minutes."
    >
      <form onSubmit={submit} className="space-y-4">
        <label htmlFor="device-code" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          Registration code
        </label>
        <input
          id="device-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => {
            setCode(normalizeDeviceCode(e.target.value));
            setError(null);
          }}
          placeholder="000000"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'device-code-error' : undefined}
          className="block h-14 w-full rounded-lg border border-slate-300 bg-white text-center font-mono text-3xl tracking-[0.5em] text-slate-900 shadow-sm placeholder:text-slate-300 focus:border-focus focus:ring-1 focus:ring-focus focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-600"
        />
        {error && (
          <p id="device-code-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={code.length !== DEVICE_CODE_LENGTH || register.isPending}>
            {register.isPending ? DEVICE_TEXTS.registering : DEVICE_TEXTS.registerDevice}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
