import { useEffect, useState } from 'react';

const isDarkNow = () => document.documentElement.classList.contains('dark');

/** Follows the `dark` class on <html> (set by the theme), for what CSS cannot colour: chart canvases. */
export function useIsDark(): boolean {
  const [isDark, setIsDark] = useState(isDarkNow);
  useEffect(() => {
    const observer = new MutationObserver(() => setIsDark(isDarkNow()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return isDark;
}
