import type { TMovedDuring } from '@quantics/contracts';
import { formatCount } from '@/lib/format';

/**
 * What moved during a count that is still open (issue 48), in the words the reconciliation writes in a line's note
 * ("3 sold, 24 received during the count"); transfers and adjustments are net. Null when it all came to nothing.
 */
export function movedWords(m: TMovedDuring): string | null {
  const words = [
    m.sold > 0 && `${formatCount(m.sold)} sold`,
    m.returned > 0 && `${formatCount(m.returned)} returned`,
    m.received > 0 && `${formatCount(m.received)} received`,
    m.transferred > 0 && `${formatCount(m.transferred)} moved in`,
    m.transferred < 0 && `${formatCount(-m.transferred)} moved out`,
    m.adjusted > 0 && `${formatCount(m.adjusted)} adjusted up`,
    m.adjusted < 0 && `${formatCount(-m.adjusted)} adjusted down`,
  ].filter(Boolean);
  return words.length > 0 ? `${words.join(', ')} during the count` : null;
}
