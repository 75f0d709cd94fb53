import { movedNote, type TDiscrepancy } from '@quantics/contracts';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

type Moved = Pick<TDiscrepancy, 'expected_quantity' | 'expected_at_start' | 'moved_during' | 'notes'>;

/**
 * What moved while a product was being counted, for a row where stock moved: "10 at start · 3 sold during the count ·
 * expected 7 when counted". The words come from the row's note ("2 fewer than expected; 3 sold during the count");
 * a row whose note was rewritten (a recount) says the units instead ("−3 moved during the count"). Null when
 * nothing moved, or for a row counted before movements were kept.
 */
export function movedText(r: Moved): string | null {
  if (r.expected_at_start === null || r.moved_during === null || r.moved_during === 0) return null;
  const m = r.moved_during;
  const words = movedNote(r.notes).moved ?? `${m > 0 ? `+${m}` : `−${-m}`} moved during the count`;
  return `${formatCount(r.expected_at_start)} at start · ${words} · expected ${formatCount(r.expected_quantity)} when counted`;
}

/** The row's note without what moved, when MovedLine shows that: the note says what was off, once. */
export const noteOf = (r: Moved): string | null =>
  movedText(r) === null ? r.notes : movedNote(r.notes).note;

/** A row's line about what moved during the count (nothing for a row where nothing moved). */
export function MovedLine({ r, className }: { r: Moved; className?: string }) {
  const text = movedText(r);
  if (!text) return null;
  return (
    <p className={cn('text-xs text-slate-500 dark:text-slate-400', className)} data-testid="moved-during">
      {text}
    </p>
  );
}
