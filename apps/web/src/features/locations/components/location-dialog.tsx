import { zodResolver } from '@hookform/resolvers/zod';
import {
  LOCATION_DESCRIPTION_MAX,
  LOCATION_KIND_LABELS,
  LOCATION_KINDS,
  type TLocation,
  type TLocationInput,
  type TLocationRequest,
  ZLocationRequest,
} from '@quantics/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSaveLocation } from '../api/save-location';
import { selfAndDescendants } from '../location-tree';
import { LOCATION_TEXTS } from '../locations-texts';

/** What the dialog is for: a new top-level location, a new one under a parent, or editing one. */
export type LocationTarget = { kind: 'new'; parentId: number | null } | { kind: 'edit'; location: TLocation };

type Props = { target: LocationTarget | null; all: TLocation[]; onOpenChange: (isOpen: boolean) => void };

export function LocationDialog({ target, all, onOpenChange }: Props) {
  const isEdit = target?.kind === 'edit';
  return (
    <Dialog
      isOpen={target !== null}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Location' : 'Add Location'}
      description={
        isEdit
          ? 'Moving a location moves everything under it.'
          : 'A store, room, aisle, shelf or bin. Nest it under a parent to build your layout.'
      }
    >
      {target !== null && (
        <LocationForm
          key={isEdit ? target.location.id : `new-${target.parentId}`}
          target={target}
          all={all}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function LocationForm({
  target,
  all,
  onDone,
}: {
  target: LocationTarget;
  all: TLocation[];
  onDone: () => void;
}) {
  const save = useSaveLocation();
  const editing = target.kind === 'edit' ? target.location : null;
  const form = useForm<TLocationRequest, unknown, TLocationInput>({
    resolver: zodResolver(ZLocationRequest),
    defaultValues: editing
      ? {
          name: editing.name,
          description: editing.description ?? '',
          parent_location_id: editing.parent_location_id ?? '',
          kind: editing.kind ?? 'other',
          gln: editing.gln ?? '',
        }
      : {
          name: '',
          description: '',
          parent_location_id: target.kind === 'new' ? (target.parentId ?? '') : '',
          kind: 'other',
          gln: '',
        },
  });
  const { errors } = form.formState;
  // The parent list leaves out the location itself and everything under it.
  const excluded = editing ? selfAndDescendants(all, editing.id) : new Set<number>();
  const parents = all.filter((l) => !excluded.has(l.id)).sort((a, b) => a.path.localeCompare(b.path));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: editing?.id, body: values });
      notify.success(editing ? LOCATION_TEXTS.updated : LOCATION_TEXTS.created);
      onDone();
    } catch (err) {
      notify.error(errorMessage(err, LOCATION_TEXTS.saveFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Location Name"
        autoComplete="off"
        placeholder="Backroom"
        error={errors.name?.message}
        hasError={!!errors.name}
        {...form.register('name')}
      />
      <Field
        label="Parent Location"
        error={errors.parent_location_id?.message}
        hint="Leave empty for a top-level location."
      >
        {(id, describedBy) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            {...form.register('parent_location_id', { setValueAs: (v) => (v === '' ? '' : Number(v)) })}
          >
            <option value="">None (top level)</option>
            {parents.map((l) => (
              <option key={l.id} value={l.id}>
                {l.path}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Kind"
        error={errors.kind?.message}
        hint="Sales floors and stockrooms of a store make its refill list."
      >
        {(id, describedBy) => (
          <Select id={id} aria-describedby={describedBy} {...form.register('kind')}>
            {LOCATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {LOCATION_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        label="GLN (optional)"
        autoComplete="off"
        inputMode="numeric"
        placeholder="0614141007776"
        hint="The place's GS1 Global Location Number, 13 digits. EPCIS exports name the place by it."
        error={errors.gln?.message}
        hasError={!!errors.gln}
        {...form.register('gln')}
      />
      <Field label="Description" error={errors.description?.message}>
        {(id, describedBy) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            rows={3}
            maxLength={LOCATION_DESCRIPTION_MAX}
            placeholder="Climate-controlled back room behind the sales floor"
            hasError={!!errors.description}
            {...form.register('description')}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {editing ? 'Save Changes' : 'Add Location'}
        </Button>
      </div>
    </form>
  );
}
