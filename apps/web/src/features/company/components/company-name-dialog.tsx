import { zodResolver } from '@hookform/resolvers/zod';
import { type TCompanyNameRequest, ZCompanyNameRequest } from '@quantics/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';

/** Create New Company and Edit Company: one field, the company name. */
export function CompanyNameDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  initialName = '',
  submitLabel,
  onSubmit,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: string;
  initialName?: string;
  submitLabel: string;
  /** Resolves true when saved (the dialog closes), false to keep it open. */
  onSubmit: (name: string) => Promise<boolean>;
}) {
  const form = useForm<TCompanyNameRequest>({
    resolver: zodResolver(ZCompanyNameRequest),
    defaultValues: { name: initialName },
  });
  useEffect(() => {
    if (isOpen) form.reset({ name: initialName });
  }, [isOpen, initialName, form]);

  const submit = form.handleSubmit(async ({ name }) => {
    if (await onSubmit(name)) onOpenChange(false);
  });

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Company name"
          autoComplete="organization"
          placeholder="Green Leaf Supply"
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
