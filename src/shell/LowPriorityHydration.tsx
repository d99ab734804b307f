import { Suspense, type ReactNode } from 'react';

/**
 * Server HTML inside a Suspense boundary is hydrated after the app shell, at React's lowest
 * priority and in slices of a few milliseconds, so a phone's main thread is never blocked for long
 * (React's selective hydration; a click on content not hydrated yet hydrates it first).
 * An update from above the boundary before it has hydrated forces it to hydrate in one go, so
 * whatever renders it must not re-render during startup.
 */
export function LowPriorityHydration({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
