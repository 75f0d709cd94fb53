import { FileSpreadsheet, UploadCloud } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format';

/** Click to choose a file or drop one on the area. Any file reaches `onPick`, which checks the name. */
export function FileDropZone({
  file,
  onPick,
  isDisabled,
  accept = '.csv,text/csv',
  label = 'CSV file',
  prompt = 'Drop a CSV file here, or click to choose one',
  hint = 'Columns as in the template: name and sku are required.',
}: {
  file: File | null;
  onPick: (file: File) => void;
  isDisabled?: boolean;
  /** The file input's accept list. */
  accept?: string;
  /** The file input's accessible name. */
  label?: string;
  prompt?: string;
  hint?: string;
}) {
  const id = useId();
  const [isOver, setIsOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setIsOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !isDisabled) onPick(dropped);
  };
  return (
    <label
      htmlFor={id}
      data-testid="csv-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus',
        isOver
          ? 'border-brand-500 bg-brand-50 dark:bg-brand-500/10'
          : 'border-slate-300 hover:border-brand-400 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/50',
        isDisabled && 'pointer-events-none opacity-60',
      )}
    >
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={label}
        disabled={isDisabled}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onPick(chosen);
          e.target.value = '';
        }}
      />
      {file ? (
        <>
          <FileSpreadsheet className="size-8 text-brand-600 dark:text-brand-400" aria-hidden />
          <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{file.name}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {formatSize(file.size)} · click or drop to choose another file
          </span>
        </>
      ) : (
        <>
          <UploadCloud className="size-8 text-slate-400" aria-hidden />
          <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{prompt}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>
        </>
      )}
    </label>
  );
}

const formatSize = formatBytes;
