import { LABEL_DPIS, type TLabelSettings, ZLabelSettings } from '@quantics/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSaveLabelSettings } from '../api/label-settings';

/** The company's label size (admins): width and height in inches and the printer's resolution. */
export function LabelSizeDialog({
  size,
  isOpen,
  onOpenChange,
}: {
  size: TLabelSettings;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [width, setWidth] = useState(String(size.widthInches));
  const [height, setHeight] = useState(String(size.heightInches));
  const [dpi, setDpi] = useState(String(size.dpi));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLabelSettings();
  const submit = async () => {
    const parsed = ZLabelSettings.safeParse({
      widthInches: Number(width),
      heightInches: Number(height),
      dpi: Number(dpi),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the label size');
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify.success('Label size saved');
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the label size'));
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Label size"
      description="The size of the RFID labels loaded in your printers. Every label your company prints uses it."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid grid-cols-2 gap-3">
          <Field label="Width (inches)">
            {(id) => (
              <Input
                id={id}
                type="number"
                step="0.01"
                min={0.75}
                value={width}
                onChange={(e) => setWidth(e.target.value)}
              />
            )}
          </Field>
          <Field label="Height (inches)">
            {(id) => (
              <Input
                id={id}
                type="number"
                step="0.01"
                min={0.5}
                value={height}
                onChange={(e) => setHeight(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Printer resolution">
          {(id) => (
            <Select id={id} value={dpi} onChange={(e) => setDpi(e.target.value)}>
              {LABEL_DPIS.map((d) => (
                <option key={d} value={d}>
                  {d} dpi
                </option>
              ))}
            </Select>
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
