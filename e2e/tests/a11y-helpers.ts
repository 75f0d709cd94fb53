import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Every accessibility check runs in light and dark mode, at 1440 and 390 wide. */
export const MODES = [
  { scheme: 'light', width: 1440 },
  { scheme: 'dark', width: 1440 },
  { scheme: 'light', width: 390 },
  { scheme: 'dark', width: 390 },
] as const;

/** The rules the issue asks for: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core on what the page shows now; the serious and critical violations, one readable line per element. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  // Only violations are read: asking axe for nothing else saves it collecting every passing node.
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
      ),
    );
}

export type FocusStop = {
  /** What got focus, e.g. `button "Add Product"`. */
  name: string;
  /** Empty when focus is plain to see; otherwise why not. */
  problem: string;
  /** Focus left the page (or came back round to where it started). */
  isDone: boolean;
  isInside: boolean;
};

/**
 * Where focus is now, and whether a sighted keyboard user can see it: the focused element is on screen and has an
 * outline or a ring (a box-shadow with a spread) at least 3:1 against the background it sits on (WCAG 1.4.11).
 * `within` names a container focus must stay in (a dialog).
 */
export function focusNow(page: Page, within?: string): Promise<FocusStop> {
  return page.evaluate(async (withinSelector) => {
    const w = window as unknown as { __tabSeen?: WeakSet<Element> };
    w.__tabSeen ??= new WeakSet();
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { name: 'body', problem: '', isDone: true, isInside: false };
    }
    const isInside = withinSelector ? !!el.closest(withinSelector) : true;
    const label =
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText?.trim().slice(0, 40) ||
      el.getAttribute('placeholder') ||
      el.id;
    const name = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label}"`;
    if (w.__tabSeen.has(el)) return { name, problem: '', isDone: true, isInside };
    w.__tabSeen.add(el);

    // Any CSS colour (oklch included) to RGBA through a canvas pixel.
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (css: string): [number, number, number, number] => {
      if (!ctx) return [0, 0, 0, 1];
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, (d[3] ?? 0) / 255];
    };
    const background = (from: Element | null): [number, number, number] => {
      for (let n = from; n; n = n.parentElement) {
        const [r, g, b, a] = rgba(getComputedStyle(n).backgroundColor);
        if (a >= 0.99) return [r, g, b];
      }
      return document.documentElement.classList.contains('dark') ? [2, 6, 23] : [255, 255, 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = (v ?? 0) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
    };
    const contrast = (css: string, on: [number, number, number]) => {
      const [r, g, b, a] = rgba(css);
      const blended = [r, g, b].map((v, i) => v * a + (on[i] ?? 0) * (1 - a));
      const [l1, l2] = [luminance(blended), luminance(on)].sort((x, y) => y - x);
      return ((l1 ?? 0) + 0.05) / ((l2 ?? 0) + 0.05);
    };

    // A visually hidden control (a radio in a card, a file input in a drop zone) shows focus on what wraps it.
    const isHidden = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width < 2 || r.height < 2;
    };
    const shown = isHidden(el) ? (el.closest('label') ?? el.parentElement) : el;
    if (!shown || isHidden(shown))
      return { name, problem: 'focused but not on screen', isDone: false, isInside };
    // Judge the focus style once its transition (if any) has run.
    await Promise.all(shown.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const cs = getComputedStyle(shown);
    // The outline sits outside the element (offset >= 0): compare with what is behind the element.
    const outer = background(shown.parentElement);
    const best: number[] = [];
    if (cs.outlineStyle === 'auto')
      best.push(3); // Chromium's own two-tone ring: visible on any background.
    else if (cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) >= 1) {
      best.push(contrast(cs.outlineColor, outer));
    }
    // Rings are box-shadows with a spread: "rgb(…) 0px 0px 0px 2px, …" (colour first, as Chromium computes it).
    for (const shadow of cs.boxShadow === 'none' ? [] : cs.boxShadow.split(/,(?![^(]*\))/)) {
      const colour =
        /^\s*((?:rgba?|oklch|oklab|color|lab|lch|hsla?)\([^)]*\)|#\w+|\w+)/.exec(shadow)?.[1] ?? '';
      const lengths = shadow.replace(colour, '').match(/-?[\d.]+px/g) ?? [];
      const spread = Number.parseFloat(lengths[3] ?? '0');
      if (spread >= 1) best.push(contrast(colour, shadow.includes('inset') ? background(shown) : outer));
    }
    const max = Math.max(0, ...best);
    const problem =
      best.length === 0
        ? 'no focus indicator (outline or ring)'
        : max < 3
          ? `focus indicator too faint (${max.toFixed(2)}:1)`
          : '';
    return { name, problem, isDone: false, isInside };
  }, within);
}

/**
 * Tabs through the page from the top, as a keyboard user does, until focus leaves the page or comes round again.
 * Returns every stop; fails on a stop whose focus cannot be seen.
 */
export async function tabThrough(page: Page, limit: number): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (window as unknown as { __tabSeen?: WeakSet<Element> }).__tabSeen = new WeakSet();
    // Start from the top of the document, as after a fresh load: focus the body for a moment.
    const body = document.body;
    body.tabIndex = -1;
    body.focus();
    body.removeAttribute('tabindex');
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i <= limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusNow(page);
    if (stop.isDone) break;
    stops.push(stop);
  }
  return stops;
}

/**
 * Elements that look clickable (their own `cursor: pointer`) but that no keyboard can reach: neither they nor an
 * ancestor take focus, and they are no label of a control.
 */
export function mouseOnlyTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (getComputedStyle(el).cursor !== 'pointer') continue;
      const parent = el.parentElement;
      if (parent && getComputedStyle(parent).cursor === 'pointer') continue;
      if (el.closest(focusable) || el.closest('label')) continue;
      if (el.getClientRects().length === 0) continue;
      out.push(`${el.tagName.toLowerCase()}.${el.className.toString().split(' ').slice(0, 3).join('.')}`);
    }
    return out;
  });
}

/**
 * A dialog used with the keyboard alone: Enter on its opener opens it with focus inside, Tab and Shift+Tab stay
 * inside with visible focus, Escape closes it and gives focus back to the opener. Returns what failed.
 * `whileOpen` runs once the dialog has taken focus and has its data (no spinner left), before the Tab walk: where a
 * test runs axe on the dialog, so the dialog opens once for both.
 */
export async function checkDialogKeyboard(
  page: Page,
  opener: Locator,
  dialog: Locator,
  whileOpen?: () => Promise<void>,
): Promise<string[]> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
      message: 'focus moves into the dialog',
    })
    .toBe(true);
  if (whileOpen) {
    await expect(dialog.locator('.animate-spin')).toHaveCount(0);
    await whileOpen();
  }
  const tabbables = await dialog.evaluate(
    (d) =>
      d.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]',
      ).length,
  );
  const problems: string[] = [];
  await page.evaluate(() => {
    (window as unknown as { __tabSeen?: WeakSet<Element> }).__tabSeen = new WeakSet();
  });
  for (const key of [...Array(tabbables + 2).fill('Tab'), 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const stop = await focusNow(page, '[role="dialog"]');
    if (!stop.isInside) problems.push(`${key} left the dialog for ${stop.name}`);
    if (stop.problem) problems.push(`${stop.name}: ${stop.problem}`);
    // A second pass over the same element is the trap working; its focus was judged the first time.
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const hasReturned = await expect
    .poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 3000 })
    .toBe(true)
    .then(() => true)
    .catch(() => false);
  if (!hasReturned) problems.push('Escape did not give focus back to the opener');
  return problems;
}

/** A menu button used with the keyboard: Enter opens it, arrows move between items, Escape closes it back. */
export async function checkMenuKeyboard(page: Page, trigger: Locator): Promise<string[]> {
  const problems: string[] = [];
  const menu = page.getByRole('menu');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const focusedItem = () =>
    page.evaluate(() => document.activeElement?.closest('[role="menuitem"]')?.textContent ?? null);
  await page.keyboard.press('ArrowDown');
  const first = await focusedItem();
  await page.keyboard.press('ArrowDown');
  const second = await focusedItem();
  if (first === null || second === null) problems.push('arrow keys do not move between the menu items');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  if (!(await trigger.evaluate((el) => el === document.activeElement))) {
    problems.push('Escape did not give focus back to the menu button');
  }
  return problems;
}
