/**
 * The page to return to after sign-in, from `?next=`. Only a path on this site is accepted; another origin,
 * a protocol-relative '//host' or anything that resolves elsewhere is ignored, so the link can't send people
 * off-site after they sign in.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
