import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPE_NAMES,
  type TApiKeyScope,
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
  ZCreateApiKeyRequest,
} from '@quantics/contracts';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CopyValue } from '@/components/ui/copy-value';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCreateApiKey } from '../api/api-keys';
import { API_KEY_TEXTS as T } from '../api-key-texts';

const EMPTY: TCreateApiKeyRequest = { name: '', scopes: [] };

/** Name and scopes, then the key itself, shown this once with a copy button. */
export function CreateApiKeyDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<TCreateApiKeyRequest>({
    resolver: zodResolver(ZCreateApiKeyRequest),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [made, setMade] = useState<TCreatedApiKey | null>(null);

  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      form.reset(EMPTY);
      setMade(null);
    }
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setMade(await create.mutateAsync(values));
      notify.success(T.created);
    } catch (err) {
      form.setError('root', { message: errorMessage(err, T.createFailed) });
    }
  });

  if (made) return <ShownOnce apiKey={made} isOpen={isOpen} onClose={() => close(false)} />;

  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={T.create}>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label={T.name}
          autoComplete="off"
          placeholder={T.namePlaceholder}
          hint={T.nameHint}
          error={errors.name?.message}
          hasError={!!errors.name}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <fieldset aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
                {T.scopes}
              </legend>
              <div className="space-y-2">
                {API_KEY_SCOPE_NAMES.map((scope) => {
                  const chosen = field.value ?? [];
                  const isChecked = chosen.includes(scope);
                  const toggle = () =>
                    field.onChange(
                      isChecked ? chosen.filter((s: TApiKeyScope) => s !== scope) : [...chosen, scope],
                    );
                  return (
                    <label
                      key={scope}
                      className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/50 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-500/10"
                    >
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-brand-600"
                        checked={isChecked}
                        onChange={toggle}
                      />
                      <span className="min-w-0">
                        <span className="block font-mono text-sm text-slate-900 dark:text-slate-100">
                          {scope}
                        </span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {API_KEY_SCOPE_LABELS[scope]}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
              {errors.scopes && (
                <p
                  id="api-key-scopes-error"
                  role="alert"
                  className="mt-1.5 text-sm text-red-600 dark:text-red-400"
                >
                  {errors.scopes.message ?? errors.scopes.root?.message}
                </p>
              )}
            </fieldset>
          )}
        />
        {errors.root && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
          >
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {T.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ShownOnce({
  apiKey,
  isOpen,
  onClose,
}: {
  apiKey: TCreatedApiKey;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={T.keyTitle}
      description={apiKey.name}
    >
      <div
        role="alert"
        className="mt-4 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{T.keyWarning}</p>
      </div>
      <CopyValue value={apiKey.key} testId="api-key-value" />
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{T.done}</Button>
      </div>
    </Dialog>
  );
}
