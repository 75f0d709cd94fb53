import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TWaitlistRequest,
  WAITLIST_LIMITS,
  waitlistSanitize,
  ZWaitlistRequest,
} from '@quantics/contracts';
import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useJoinWaitlist } from '../api/join-waitlist';

type WaitlistField = keyof typeof WAITLIST_LIMITS;

type FieldSpec = {
  name: WaitlistField;
  label: string;
  placeholder: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
};

/** The four fields in order; the labels are the inputs' accessible names. */
const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', placeholder: 'Jane Doe', type: 'text', autoComplete: 'name' },
  {
    name: 'email',
    label: 'Work email',
    placeholder: 'jane@company.com',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'company',
    label: 'Company (optional)',
    placeholder: 'Acme Retail',
    type: 'text',
    autoComplete: 'organization',
  },
  {
    name: 'phoneNumber',
    label: 'Phone (optional)',
    placeholder: '+1 (555) 123-4567',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
];

const EMPTY: TWaitlistRequest = { name: '', email: '', company: '', phoneNumber: '' };

export function WaitlistForm() {
  const joinWaitlist = useJoinWaitlist();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZWaitlistRequest), defaultValues: EMPTY });

  // The resolver hands over the schema's output: stripped, trimmed, cut to the limits, email lowercased.
  const onSubmit = handleSubmit((values) => {
    joinWaitlist.mutate(values, { onSuccess: () => reset(EMPTY) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Waitlist sign-up" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const field = register(f.name);
          // Disallowed characters never reach the input: strip them as the user types.
          const onChange = (e: ChangeEvent<HTMLInputElement>) => {
            const clean = waitlistSanitize[f.name](e.target.value);
            if (clean !== e.target.value) e.target.value = clean;
            return field.onChange(e);
          };
          return (
            <div
              key={f.name}
              className={f.name === 'email' || f.name === 'name' ? 'sm:col-span-2' : undefined}
            >
              <Field label={f.label} error={errors[f.name]?.message}>
                {(id, describedBy) => (
                  <Input
                    {...field}
                    onChange={onChange}
                    id={id}
                    aria-describedby={describedBy}
                    hasError={Boolean(errors[f.name])}
                    type={f.type}
                    inputMode={f.inputMode}
                    autoComplete={f.autoComplete}
                    placeholder={f.placeholder}
                    maxLength={WAITLIST_LIMITS[f.name]}
                    required={f.name === 'name' || f.name === 'email'}
                    className="h-11"
                  />
                )}
              </Field>
            </div>
          );
        })}
      </div>

      <Button
        type="submit"
        size="lg"
        isLoading={joinWaitlist.isPending}
        aria-busy={joinWaitlist.isPending || undefined}
        className="w-full"
      >
        Join the waitlist
      </Button>
      <p className="text-center text-xs text-slate-500">
        We only use your details to contact you about Quantics. No spam, ever.
      </p>
    </form>
  );
}
