import type { TPrintStatus } from '@quantics/contracts';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { PRINT_TEXTS } from '../print-texts';

/**
 * The printer dropdown's three states (spec): disabled with 'Print utility not connected', disabled with
 * 'No printers detected', otherwise 'Select a printer...' and the printers, ready ones marked with a check.
 */
export function PrinterSelect({
  status,
  value,
  onChange,
}: {
  status: TPrintStatus | undefined;
  value: string;
  onChange: (name: string) => void;
}) {
  const printers = status?.printers ?? [];
  const isConnected = Boolean(status?.connected);
  const placeholder = !isConnected
    ? PRINT_TEXTS.printerNotConnected
    : printers.length === 0
      ? PRINT_TEXTS.noPrinters
      : PRINT_TEXTS.selectPrinterPlaceholder;
  const isDisabled = !isConnected || printers.length === 0;
  return (
    <Field label="Printer">
      {(id) => (
        <Select
          id={id}
          value={isDisabled ? '' : value}
          disabled={isDisabled}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {!isDisabled &&
            printers.map((p) => (
              <option key={p.name} value={p.name}>
                {p.status === 'ready' ? `✓ ${p.name}` : `${p.name} (${p.status})`}
              </option>
            ))}
        </Select>
      )}
    </Field>
  );
}
