import { Flag, RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { COUNT_TEXTS } from '../count-texts';

export type ReaderBusyState = { message: string; auditId: number };

/**
 * A start (or a join) refused because this handheld is still in another open count, which the portal names: the
 * person resumes that count here, or finishes this handheld's part of it (then the start is tried again).
 */
export function ReaderBusy({
  busy,
  onResume,
  onFinish,
  isWorking,
}: {
  busy: ReaderBusyState;
  onResume: () => void;
  onFinish: () => void;
  isWorking: boolean;
}) {
  return (
    <Card
      className="border-amber-200 bg-amber-50 p-4 dark:border-amber-500/30 dark:bg-amber-500/10"
      data-testid="reader-busy"
    >
      <p className="flex gap-2 text-sm text-amber-900 dark:text-amber-100" role="alert">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {busy.message}
      </p>
      <p className="mt-1 pl-6 text-xs text-amber-800 dark:text-amber-200">{COUNT_TEXTS.readerBusyHint}</p>
      <div className="mt-3 flex flex-col gap-2 pl-6 sm:flex-row">
        <Button onClick={onResume} disabled={isWorking}>
          <RotateCcw className="size-4" aria-hidden />
          Resume it
        </Button>
        <Button variant="secondary" onClick={onFinish} isLoading={isWorking}>
          <Flag className="size-4" aria-hidden />
          Finish it
        </Button>
      </div>
    </Card>
  );
}
