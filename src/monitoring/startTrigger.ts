/**
 * Spec §2 and §4: on these routes monitoring loads at once instead of at the first scroll. The
 * unknown-host page is the 404 that an unmapped host gets, and /not-found/[regime] a tenant
 * host's, so they count as ones.
 */
const IMMEDIATE_START_ROUTES: readonly string[] = ['/404', '/500', '/_error', '/unknown-host', '/not-found/[regime]'];

/** `pathname` is the Next router's page path (`router.pathname`), not the address bar's. */
export function shouldStartImmediately(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return IMMEDIATE_START_ROUTES.includes(path);
}

type Scrollable = EventTarget & { scrollY?: number };

/**
 * Calls back once, at the first scroll of `target`. The app starts after the page's first paint,
 * so a visitor may have scrolled already: then it calls back at once. Returns a function that
 * cancels the wait.
 */
export function onFirstScroll(callback: () => void, target: Scrollable = window): () => void {
  if ((target.scrollY ?? 0) > 0) {
    callback();
    return () => undefined;
  }
  const listener = () => callback();
  target.addEventListener('scroll', listener, { passive: true, once: true });
  return () => target.removeEventListener('scroll', listener);
}
