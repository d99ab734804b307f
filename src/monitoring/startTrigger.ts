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
/** Runs a check once the next frame is painted; returns a function that cancels it. */
type AfterPaint = (check: () => void) => () => void;

/**
 * After the next frame's layout, so that reading the scroll position costs nothing: read at once, in
 * the click that closed the banner (whose effects React runs before painting), it forces a layout.
 */
const afterNextPaint: AfterPaint = (check) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(check, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * Calls back once, at the first scroll of `target`. The app starts after the page's first paint,
 * so a visitor may have scrolled already: then it calls back after the next paint. Returns a
 * function that cancels the wait.
 */
export function onFirstScroll(
  callback: () => void,
  target: Scrollable = window,
  afterPaint: AfterPaint = afterNextPaint,
): () => void {
  const listener = () => {
    cancelCheck();
    callback();
  };
  target.addEventListener('scroll', listener, { passive: true, once: true });
  const cancelCheck = afterPaint(() => {
    if ((target.scrollY ?? 0) <= 0) return;
    target.removeEventListener('scroll', listener);
    callback();
  });
  return () => {
    cancelCheck();
    target.removeEventListener('scroll', listener);
  };
}
