import Router from 'next/router';
import { lazy, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A page's `next/head` tags are written by the server, and the browser has nothing to change in
 * them until the visitor goes to another page in place (the language switcher's router.push). Next's
 * head manager runs only when a `next/head` mounts, so until then none does, and the server's head
 * stays as it is: the head's code (the page's title, share tags and structured data, and next/head)
 * is fetched with that first navigation, out of the first load (docs/performance.md).
 *
 * A shallow navigation (the landing query leaving the address, src/base/arrival.ts) keeps the page
 * and its head, so it does not count.
 */
let navigated = false;
const waiting = new Set<() => void>();
if (typeof window !== 'undefined')
  Router.events.on('routeChangeStart', (_url: string, { shallow }: { shallow: boolean }) => {
    if (shallow || navigated) return;
    navigated = true;
    waiting.forEach((callback) => callback());
    waiting.clear();
  });

/** Calls back at the first navigation in place (at once if it has happened); returns a cancel. */
function onNavigation(callback: () => void): () => void {
  if (navigated) callback();
  else waiting.add(callback);
  return () => {
    waiting.delete(callback);
  };
}

/**
 * Renders `children` (a page's `next/head`) on the server, and in the browser from the first
 * navigation in place on. In a transition, so the new head commits with the new page once its code
 * has arrived (Next renders a route change in a transition too), and never during hydration.
 */
export function HeadAfterNavigation({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => onNavigation(() => startTransition(() => setShown(true))), []);
  return typeof window === 'undefined' || shown ? children : null;
}

/**
 * A component fetched with import() when the browser first renders it, out of the first load. The
 * server loads it as soon as this module is, so a server render does not wait for it.
 */
export function loadedWhenRendered<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let onServer: ComponentType<Props> | undefined;
  if (typeof window === 'undefined') void load().then((component) => (onServer = component));
  const Lazy = lazy(async () => ({ default: onServer ?? (await load()) }));
  return function LoadedWhenRendered(props: Props) {
    const Component = onServer ?? Lazy;
    return <Component {...props} />;
  };
}
