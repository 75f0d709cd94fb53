export const MAIN_ID = 'main-content';

/**
 * The first tab stop of every signed-in page: keyboard and switch users jump past the menu straight to the page.
 * Hidden until it has focus.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg dark:focus:bg-slate-900 dark:focus:text-brand-300"
    >
      Skip to content
    </a>
  );
}
