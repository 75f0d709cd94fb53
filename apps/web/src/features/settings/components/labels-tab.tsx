import { GS1_PREFIX_MESSAGES, GS1_PREFIXES_MAX, gs1PrefixesProblem } from '@quantics/contracts';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useGs1Prefixes, useSaveGs1Prefixes } from '../api/gs1-prefixes';
import { SettingsSection } from './settings-section';

/** Settings > Labels (admins): the company's GS1 company prefixes, which make a product's labels serialized. */
export function LabelsTab() {
  const prefixes = useGs1Prefixes(true);
  if (prefixes.isPending) {
    return (
      <Card>
        <Spinner label="Loading GS1 company prefixes" />
      </Card>
    );
  }
  if (prefixes.isError) {
    return (
      <Card>
        <LoadError
          title="Failed to load GS1 company prefixes"
          error={prefixes.error}
          onRetry={() => prefixes.refetch()}
        />
      </Card>
    );
  }
  return <PrefixesForm key={prefixes.data.prefixes.join(',')} saved={prefixes.data.prefixes} />;
}

function PrefixesForm({ saved }: { saved: string[] }) {
  const save = useSaveGs1Prefixes();
  const [list, setList] = useState(saved);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isDirty = list.join(',') !== saved.join(',');

  const add = (e: FormEvent) => {
    e.preventDefault();
    const prefix = draft.replace(/\s/g, '');
    if (!prefix) return setError(GS1_PREFIX_MESSAGES.format(''));
    const next = [...list, prefix].sort();
    const problem =
      gs1PrefixesProblem(next) ?? (next.length > GS1_PREFIXES_MAX ? GS1_PREFIX_MESSAGES.tooMany : null);
    if (problem) return setError(problem);
    setList(next);
    setDraft('');
    setError(undefined);
  };

  const submit = async () => {
    try {
      await save.mutateAsync(list);
      notify.success(GS1_PREFIX_MESSAGES.saved);
    } catch (err) {
      const message = errorMessage(err, 'Failed to save GS1 company prefixes');
      setError(message);
      notify.error(message);
    }
  };

  return (
    <SettingsSection
      title="GS1 company prefixes"
      description={
        <>
          Products whose GTIN falls under one of these prefixes print{' '}
          <strong>serialized SGTIN-96 labels</strong>: each label gets the next serial number of its GTIN,
          written to the tag and shown in a GS1 DataMatrix. Add your company's prefix and those of the
          suppliers you label for.
        </>
      }
      footer={
        <>
          <Button
            variant="ghost"
            disabled={!isDirty || save.isPending}
            onClick={() => {
              setList(saved);
              setError(undefined);
            }}
          >
            Discard changes
          </Button>
          <Button onClick={submit} isLoading={save.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <form onSubmit={add} noValidate className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Field
              label="Add a prefix"
              error={error}
              hint="6 to 12 digits, as GS1 assigned it (e.g. 0614141). Its length is the prefix length."
            >
              {(id, describedBy) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  hasError={!!error}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0614141"
                  value={draft}
                  onChange={(e) => {
                    setDraft(e.target.value);
                    setError(undefined);
                  }}
                  className="font-mono"
                />
              )}
            </Field>
          </div>
          <Button type="submit" variant="secondary" className="mt-7">
            <Plus className="size-4" aria-hidden />
            Add
          </Button>
        </form>
        {list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
            No prefixes yet: every label carries its product's SKU tag.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="GS1 company prefixes">
            {list.map((p) => (
              <li
                key={p}
                className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 dark:border-slate-700 dark:bg-slate-800/60"
              >
                <span className="font-mono text-sm text-slate-900 dark:text-slate-100">{p}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {formatCount(p.length)} digits
                </span>
                <button
                  type="button"
                  onClick={() => setList(list.filter((x) => x !== p))}
                  className="rounded-md p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 dark:hover:bg-slate-700 dark:hover:text-slate-200"
                  aria-label={`Remove ${p}`}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}
