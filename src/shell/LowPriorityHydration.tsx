import { Activity, type ReactNode } from 'react';

/**
 * Server HTML inside an Activity boundary is hydrated after the app shell, at React's lowest
 * priority, so a phone's main thread is never blocked for long (a click on content not hydrated
 * yet hydrates it first).
 * Not Suspense: the server streams a large Suspense boundary (over React's progressive chunk size,
 * about 12 kB) into a hidden container that an inline script reveals, so the page is blank without
 * JavaScript or under a CSP without 'unsafe-inline'. A visible Activity is rendered in place.
 * An update from above the boundary before it has hydrated forces it to hydrate in one go, so
 * whatever renders it must not re-render during startup.
 */
export function LowPriorityHydration({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
