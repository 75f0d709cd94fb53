import { useEffect } from 'react';
import { useProfile } from '@/features/settings/api/profile';
import { applyTheme, onSystemThemeChange } from '@/lib/theme';

/**
 * Applies the signed-in person's theme (kept on the server) to the whole app while they are signed in, follows
 * the operating system for 'system', and goes back to light when they sign out (the shell unmounts).
 */
export function ThemeSync() {
  const theme = useProfile().data?.theme;

  useEffect(() => {
    if (!theme) return;
    applyTheme(theme);
    if (theme !== 'system') return;
    return onSystemThemeChange(() => applyTheme('system'));
  }, [theme]);

  useEffect(() => () => applyTheme(null), []);
  return null;
}
