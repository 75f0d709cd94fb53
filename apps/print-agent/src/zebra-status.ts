/**
 * Zebra's host status (~HS): the printer answers three strings, each between STX (0x02) and ETX (0x03). The first
 * carries the paper-out and pause flags (fields 2 and 3), the second the head-up and ribbon-out flags (fields 3
 * and 4). ZPL II programming guide, ~HS.
 */
export const HOST_STATUS_QUERY = '~HS';

export type HostStatus = { isPaperOut: boolean; isPaused: boolean; isHeadUp: boolean; isRibbonOut: boolean };

function frames(reply: string): string[][] {
  const STX = String.fromCharCode(2);
  const ETX = String.fromCharCode(3);
  return reply
    .split(STX)
    .slice(1)
    .filter((part) => part.includes(ETX))
    .map((part) => part.slice(0, part.indexOf(ETX)).split(','));
}

/**
 * Labels the printer holds but has not printed yet: the formats in its receive buffer (string 1, field 5) plus the
 * labels remaining in the batch being printed (string 2, field 9); null while the reply is incomplete.
 */
export function parseUnprinted(reply: string): number | null {
  const [first = [], second = [], third] = frames(reply);
  if (!third) return null;
  return (Number(first[4]) || 0) + (Number(second[8]) || 0);
}

/** The three strings' fields, or null while fewer than three complete strings have arrived. */
export function parseHostStatus(reply: string): HostStatus | null {
  const frames3 = frames(reply);
  if (frames3.length < 3) return null;
  const [first = [], second = []] = frames3;
  const flag = (fields: string[], i: number) => fields[i]?.trim() === '1';
  return {
    isPaperOut: flag(first, 1),
    isPaused: flag(first, 2),
    isHeadUp: flag(second, 2),
    isRibbonOut: flag(second, 3),
  };
}

/** The status word the portal shows: 'ready' marks a usable printer. */
export function statusWord(s: HostStatus): string {
  if (s.isHeadUp) return 'head open';
  if (s.isPaperOut) return 'paper out';
  if (s.isRibbonOut) return 'ribbon out';
  if (s.isPaused) return 'paused';
  return 'ready';
}

/** Zebra's cancel-all: drops every format waiting in the printer's buffer (labels not printed must not come out later). */
export const CANCEL_ALL = '~JA';

/** The reply a printer in this state, holding `unprinted` formats, sends to ~HS (used by the stand-in printer). */
export function hostStatusReply(s: HostStatus, unprinted = 0): string {
  const f = (b: boolean) => (b ? '1' : '0');
  const held = String(Math.min(999, unprinted)).padStart(3, '0');
  const one = `030,${f(s.isPaperOut)},${f(s.isPaused)},0203,${held},0,0,0,000,0,0,0`;
  const two = `000,0,${f(s.isHeadUp)},${f(s.isRibbonOut)},0,2,4,0,00000000,1,000`;
  return `\x02${one}\x03\r\n\x02${two}\x03\r\n\x021234,0\x03\r\n`;
}
