/**
 * Figures in the texts the server writes in English (the activity log, Tallie's answers), grouped as the web app's
 * lib/format.ts shows them in en-US: "1,204", "97.5%". The web app formats what it renders in the reader's own locale;
 * a text stored once reads the same to everyone.
 */
const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (n: number): string => counts.format(n);
export const formatPercent = (n: number): string => `${percents.format(n)}%`;
export const formatUsd = (n: number): string => dollars.format(n);
