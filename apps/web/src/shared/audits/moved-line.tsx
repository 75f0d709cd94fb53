import { movedNote, type TDiscrepancy } from '@quantics/contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatSignedCount } from '@/lib/format';

type Moved = Pick<TDiscrepancy, 'expected_quantity' | 'expected_at_start' | 'moved_during' | 'notes'> &
  Partial<Pick<TDiscrepancy, 'discrepancy_type'>>;

/**
 * A note's figures in the reader's locale. The server writes a line's note with plain figures, as a CSV has them
 * ("67671 fewer than expected; 1200 sold during the count", "Received 12 fewer than shipped"): in a shortage's or an
 * overage's note, and in what moved, every figure is a count of units. Other notes name tags, GTINs and codes, whose
 * digits are no count, and are shown as written.
 */
const withCounts = (text: string) => text.replace(/\d+/g, (digits) => formatCount(Number(digits)));

/**
 * What moved while a product was being counted, for a row where stock moved: "10 at start · 3 sold during the count ·
 * expected 7 when counted". The words come from the row's note ("2 fewer than expected; 3 sold during the count");
 * a row whose note was rewritten (a recount) says the units instead ("−3 moved during the count"). Null when
 * nothing moved, or for a row counted before movements were kept.
 */
export function movedText(r: Moved): string | null {
  if (r.expected_at_start === null || r.moved_during === null || r.moved_during === 0) return null;
  const words = movedNote(r.notes).moved;
  const moved = words ? withCounts(words) : `${formatSignedCount(r.moved_during)} moved during the count`;
  return `${formatCount(r.expected_at_start)} at start · ${moved} · expected ${formatCount(r.expected_quantity)} when counted`;
}

/** The row's note without what moved, when MovedLine shows that: the note says what was off, once. */
export function noteOf(r: Moved): string | null {
  const note = movedText(r) === null ? r.notes : movedNote(r.notes).note;
  const isUnits = r.discrepancy_type === 'shortage' || r.discrepancy_type === 'overage';
  return note && isUnits ? withCounts(note) : note;
}

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
