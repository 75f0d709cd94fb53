/**
 * The value axis of a percentage chart (accuracy, availability), scaled to its data (issue 54): a 0-100 % axis
 * flattens every line at the top when a store counts at 96-99 %. The floor is the ten below the lowest value with
 * at least a point of margin (all values from 91 %: a 90-100 % band; one at 90 %: 80-100 %), never under 0; the top
 * is 100 %. Charts leave points unclipped so a 100 % point sits whole on the top line.
 */
export function percentAxis(values: readonly (number | null | undefined)[]): { min: number; max: number } {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return { min: 0, max: 100 };
  const lowest = Math.min(...present);
  return { min: Math.max(0, Math.floor((lowest - 1) / 10) * 10), max: 100 };
}
