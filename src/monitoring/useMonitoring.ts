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
      // Loaded a piece at a time in the visitor's pauses, like analytics; not once withdrawn.
      let withdrawn = false;
      const loading = inQuietMoment(() => (withdrawn ? undefined : import('./startForPage')));
      started.current = loading.then((module) => (withdrawn ? undefined : module?.startForPage()));
      // A withdrawal stops both SDKs in its click (src/base/stopping.ts), started, loading or not
      // yet fetched: once this module has loaded, that is in the click's own task.
      onWithdrawal('monitoring', () => {
        withdrawn = true;
        return loading.then((module) => module?.withdrawMonitoring());
      });
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
