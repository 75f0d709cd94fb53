// Paint a signed-in person's dark theme before the app loads, so a reload doesn't flash white. A file rather than
// an inline script, so the Content-Security-Policy can forbid inline scripts altogether.
(() => {
  try {
    const theme = localStorage.getItem('quantics-theme');
    const isDark =
      theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (localStorage.getItem('token') && isDark) document.documentElement.classList.add('dark');
  } catch {
    // Storage can be blocked; the app applies the theme once it loads.
  }
})();
