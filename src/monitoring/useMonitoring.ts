import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { inQuietMoment } from '@/base/idleWork';
import type { MonitoringHandle } from './startMonitoring';
import { onFirstScroll, shouldStartImmediately } from './startTrigger';

/**
 * Spec §2, §4: monitoring loads at the first scroll, or at once on error routes, so it never
 * competes with the page's own loading; bots are never monitored, and nobody who has not allowed
 * it (src/consent/). Everything it needs beyond this trigger is fetched on demand.
 */
export function useMonitoring(allowed: boolean): void {
  const router = useRouter();
  const handle = useRef<MonitoringHandle | undefined>(undefined);

  useEffect(() => {
    if (!allowed) return undefined;
    const begin = () => {
      // Loaded a piece at a time in the visitor's pauses, like analytics.
      void inQuietMoment(() => import('./startForPage'))
        .then(({ startForPage }) => startForPage())
        .then((started) => {
          handle.current = started;
        });
    };
    if (shouldStartImmediately(router.pathname)) {
      begin();
      return undefined;
    }
    return onFirstScroll(begin);
  }, [router.pathname, allowed]);

  useEffect(() => {
    handle.current?.setLocale(router.locale ?? 'en');
  }, [router.locale]);

  // Runs when consent goes from allowed to refused, before the consent controller reloads the page.
  useEffect(() => (allowed ? () => handle.current?.withdraw() : undefined), [allowed]);
}
