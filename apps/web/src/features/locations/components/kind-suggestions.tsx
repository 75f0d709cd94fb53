import {
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  type TLocation,
  type TLocationKind,
} from '@quantics/contracts';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useReviewKinds } from '../api/review-kinds';

/**
 * For an admin: the kinds guessed from the names of places nobody has given a kind yet, each to confirm, change or
 * leave as other. Nothing is set until the admin confirms; "Keep as other" dismisses the guesses for good.
 */
export function KindSuggestions({ locations }: { locations: TLocation[] }) {
  const offered = locations.filter((l) => l.kind_suggestion);
  const review = useReviewKinds();
  const [chosen, setChosen] = useState<Record<number, TLocationKind>>({});
  if (offered.length === 0) return null;
  const kindOf = (l: TLocation): TLocationKind => chosen[l.id] ?? l.kind_suggestion ?? 'other';

  const send = async (confirm: boolean) => {
    const confirmed = confirm
      ? offered.filter((l) => kindOf(l) !== 'other').map((l) => ({ id: l.id, kind: kindOf(l) }))
      : [];
    const dismissed = offered.filter((l) => !confirm || kindOf(l) === 'other').map((l) => l.id);
    try {
      await review.mutateAsync({ confirmed, dismissed });
      notify.success(confirm ? 'Location kinds saved' : 'Kept as other');
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to save location kinds'));
    }
  };

  return (
    <Card className="mb-4 border-brand-200 dark:border-brand-900" data-testid="kind-suggestions">
      <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
            What are these places?
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Quantics guessed from their names. Check each kind: sales floors and stockrooms make the refill
            list.
          </p>
        </div>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {offered.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5">
            <span className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
              {l.path}
            </span>
            <Select
              aria-label={`Kind of ${l.name}`}
              value={kindOf(l)}
              onChange={(e) => setChosen((prev) => ({ ...prev, [l.id]: e.target.value as TLocationKind }))}
              className="w-44"
            >
              {LOCATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LOCATION_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 px-5 py-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => send(false)} isLoading={review.isPending}>
          Keep as other
        </Button>
        <Button onClick={() => send(true)} isLoading={review.isPending}>
          Confirm kinds
        </Button>
      </div>
    </Card>
  );
}
