/** A date in the reader's locale, e.g. 'Mar 4, 2026'. Dates travel as ISO strings in UTC. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
