import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { inQuietMoment } from '@/base/idleWork';
import { onWithdrawal } from '@/base/stopping';
import type { MonitoringHandle } from './startMonitoring';
import { onFirstScroll, shouldStartImmediately } from './startTrigger';

/**
 * Spec §2, §4: monitoring loads at the first scroll, or at once on error routes, so it never
 * competes with the page's own loading; bots are never monitored, and nobody who has not allowed
 * it (src/consent/). Everything it needs beyond this trigger is fetched on demand.
 */
export function useMonitoring(allowed: boolean): void {
  const router = useRouter();
  const started = useRef<Promise<MonitoringHandle | undefined> | undefined>(undefined);

  useEffect(() => {
    if (!allowed) return undefined;
    const begin = () => {
      if (started.current) return;
      // Loaded a piece at a time in the visitor's pauses, like analytics.
      const starting = inQuietMoment(() => import('./startForPage')).then(({ startForPage }) => startForPage());
      started.current = starting;
      // A withdrawal stops both SDKs in its click (src/base/stopping.ts), loaded or still loading.
      onWithdrawal('monitoring', () => starting.then((handle) => handle?.withdraw()));
    };
    if (shouldStartImmediately(router.pathname)) {
      begin();
      return undefined;
    }
    return onFirstScroll(begin);
  }, [router.pathname, allowed]);

  useEffect(() => {
    void started.current?.then((handle) => handle?.setLocale(router.locale ?? 'en'));
  }, [router.locale]);

}
