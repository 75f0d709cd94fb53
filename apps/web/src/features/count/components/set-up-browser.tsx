import type { TUser } from '@quantics/contracts';
import { Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { type BrowserCredential, useSetUpBrowser } from '../api/browser-device';
import { COUNT_TEXTS } from '../count-texts';

/** Names this handheld's browser and makes it a device of the company (once per person and company). */
export function SetUpBrowser({
  user,
  onDone,
}: {
  user: TUser;
  onDone: (credential: BrowserCredential) => void;
}) {
  const firstName = (user.name ?? '').trim().split(/\s+/)[0] || 'My';
  const [name, setName] = useState(`${firstName}'s handheld`);
  const setUp = useSetUpBrowser(user);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUp.mutate(name.trim(), { onSuccess: (credential) => onDone(credential) });
  };
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
          <Smartphone className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
            {COUNT_TEXTS.setUpTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{COUNT_TEXTS.setUpIntro}</p>
        </div>
      </div>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <Field
          label="Handheld name"
          hint="e.g. Alex's MC3300"
          error={setUp.error ? errorMessage(setUp.error, COUNT_TEXTS.setUpFailed) : undefined}
        >
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={setUp.isPending}
          disabled={!name.trim()}
        >
          Set up this handheld
        </Button>
      </form>
    </Card>
  );
}
