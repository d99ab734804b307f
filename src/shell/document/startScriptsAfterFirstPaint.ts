/** What the starter is handed, in a JSON element before it (see paintFirstScripts). */
export interface ScriptStart {
  /** Turbopack's chunk lists, which Next writes as inline `TURBOPACK.push(…)` statements. */
  chunkLists: readonly unknown[];
  /** The app's scripts, in order. */
  sources: readonly string[];
}

/**
 * Hands Turbopack its chunk lists at once, as Next's inline statements did, and starts the app's
 * scripts, in order, once the page is parsed and its first content is on screen.
 *
 * It runs inline in the document's head and is sent as its own source text, so it must stay
 * self-contained: no imports, no outer constants.
 */
export function startScriptsAfterFirstPaint({ chunkLists, sources }: ScriptStart): void {
  const turbopack = globalThis as { TURBOPACK?: unknown[] };
  for (const list of chunkLists) (turbopack.TURBOPACK || (turbopack.TURBOPACK = [])).push(list);
  let started = false;
  // One script per task: inserting all of them in one task made one long task on a slow phone.
  const insert = (index: number) => {
    const src = sources[index];
    if (src === undefined) return;
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run as soon as they arrive; this keeps them in insertion order, like `defer`.
    script.async = false;
    document.head.appendChild(script);
    setTimeout(() => insert(index + 1), 0);
  };
  const start = () => {
    if (started) return;
    started = true;
    insert(0);
  };
  const startAfterFirstContentfulPaint = () => {
    // A background tab paints nothing; its scripts start after a second instead.
    setTimeout(start, 1000);
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // Without paint timing: a frame callback runs just before the frame is drawn, a task queued from it after.
      requestAnimationFrame(() => setTimeout(start, 0));
      return;
    }
    // The paint entry is reported once the frame is on screen, not merely drawn on the main thread.
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', startAfterFirstContentfulPaint, { once: true });
  else startAfterFirstContentfulPaint();
}
