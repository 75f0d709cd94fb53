import type { TTheme } from '@quantics/contracts';

/** The signed-in person's last theme, so a reload paints the right colours before the profile arrives. */
export const THEME_STORAGE_KEY = 'quantics-theme';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function resolveTheme(theme: TTheme): 'light' | 'dark' {
  if (theme === 'system') return darkQuery().matches ? 'dark' : 'light';
  return theme;
}

/** Puts (or takes off) the `dark` class on <html>; null means signed out, which is always light. */
export function applyTheme(theme: TTheme | null) {
  const isDark = theme !== null && resolveTheme(theme) === 'dark';
  document.documentElement.classList.toggle('dark', isDark);
  if (theme === null) localStorage.removeItem(THEME_STORAGE_KEY);
  else localStorage.setItem(THEME_STORAGE_KEY, theme);
}

/** Calls back when the operating system switches between light and dark. */
export function onSystemThemeChange(callback: () => void): () => void {
  const query = darkQuery();
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}
