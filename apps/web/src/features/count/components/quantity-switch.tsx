import { Calculator } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { COUNT_TEXTS } from '../count-texts';

/** "Scan, then enter quantity": each plain barcode scan (and each package scanned) asks before it counts. */
export function QuantitySwitch({ isOn, onChange }: { isOn: boolean; onChange: (isOn: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Calculator className="size-5 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {COUNT_TEXTS.askQuantity}
        </p>
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {COUNT_TEXTS.askQuantityHint}
        </p>
      </div>
      <Switch
        size="lg"
        isOn={isOn}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
