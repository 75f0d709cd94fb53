import type { TUser } from '@quantics/contracts';
import { Play, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { usePlaceOptions } from '@/shared/locations/place-options';
import { COUNT_TEXTS } from '../count-texts';
import type { StoredReceipt } from '../lib/count-store';

export type StartChoice = {
  locationId: number | null;
  room: string | null;
  scopeLabel: string;
  name: string | null;
  isBlind: boolean;
  /** Started from "Due now": the plan it is for. */
  planId?: number | null;
  /** Started from Receive: the shipment it receives. */
  receipt?: StoredReceipt;
};

/** Where to count (a location, or for a Dutchie store a room; or everything), an optional name, blind or not. */
export function StartCountForm({
  user,
  deviceName,
  prefix,
  onPrefixChange,
  onStart,
  isStarting,
}: {
  user: TUser;
  deviceName: string;
  prefix: string;
  onPrefixChange: (prefix: string) => void;
  onStart: (choice: StartChoice) => void;
  isStarting: boolean;
}) {
  const { isDutchie, everything, options, placeOf, isLoading, isError } = usePlaceOptions(user);
  const [place, setPlace] = useState('');
  const [name, setName] = useState('');
  const [isBlind, setIsBlind] = useState(false);
  const blindId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const chosen = placeOf(place);
    onStart({
      locationId: chosen.locationId,
      room: chosen.room,
      scopeLabel: chosen.label,
      name: name.trim() || null,
      isBlind,
    });
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={submit} className="space-y-4">
        <div className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          <Smartphone className="size-4" aria-hidden />
          Counting as <span className="font-medium text-slate-700 dark:text-slate-300">{deviceName}</span>
        </div>
        <Field
          label="Location"
          hint={
            isLoading
              ? COUNT_TEXTS.loadingPlaces(isDutchie)
              : isError
                ? COUNT_TEXTS.placesFailed(isDutchie)
                : isDutchie
                  ? 'A room of your Dutchie store, or the whole store.'
                  : undefined
          }
        >
          {(id, describedBy) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              aria-busy={isLoading || undefined}
              disabled={isLoading}
              value={place}
              onChange={(e) => setPlace(e.target.value)}
            >
              {isLoading ? (
                <option value="">{COUNT_TEXTS.loadingPlaces(isDutchie)}</option>
              ) : (
                <option value="">{everything}</option>
              )}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Count name (optional)">
          {(id) => (
            <Input
              id={id}
              value={name}
              maxLength={200}
              placeholder="e.g. Sales floor, Monday"
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <input
            id={blindId}
            type="checkbox"
            checked={isBlind}
            onChange={(e) => setIsBlind(e.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
          />
          <label htmlFor={blindId} className="text-sm">
            <span className="font-medium text-slate-900 dark:text-slate-100">Blind count</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              Hide the expected figures: the counter sees only what was found.
            </span>
          </label>
        </div>
        <Field label="DataWedge prefix (optional)" hint="Only if your reader adds a prefix before each tag.">
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              value={prefix}
              maxLength={20}
              autoComplete="off"
              onChange={(e) => onPrefixChange(e.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isLoading={isStarting || isLoading}
          disabled={isLoading}
        >
          {!isLoading && <Play className="size-4" aria-hidden />}
          {isLoading ? COUNT_TEXTS.loadingPlaces(isDutchie) : 'Start count'}
        </Button>
      </form>
    </Card>
  );
}
