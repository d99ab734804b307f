import Router, { useRouter } from 'next/router';
import { useEffect } from 'react';
import { landingSearch } from '@/base/arrival';
import { inQuietMoment } from '@/base/idleWork';
import { onWithdrawal } from '@/base/stopping';
import { sendPageView, setPageContext } from './firstLoadBuffer';

/** The landing path a route maps to, e.g. /[slug]/[type] with its params → /prague/city. */
const mappedPath = () =>
  Router.pathname.replace(/\[(\w+)\]/g, (_match, param: string) => String(Router.query[param] ?? ''));

function onView(): void {
  const locale = Router.locale ?? 'en';
  setPageContext(window.location.host, mappedPath(), landingSearch(), locale);
  sendPageView(Router.pathname, locale);
}

/**
 * The SDKs weigh ~175 kB gzipped: loading them competes with the visitor's first seconds. They
 * start loading at the first input (the visitor is engaged) or a few seconds after the page
 * loaded, whichever comes first, a piece at a time in the visitor's pauses (inQuietMoment); page
 * views wait in the buffer meanwhile.
 */
const ANALYTICS_START_DELAY_MS = 4000;
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

function whenSettled(work: () => void): () => void {
  let done = false;
  let timer: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  const startTimer = () => {
    timer = window.setTimeout(run, ANALYTICS_START_DELAY_MS);
  };
  const cancel = () => {
    window.removeEventListener('load', startTimer);
    FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, run));
    if (timer !== undefined) window.clearTimeout(timer);
  };
  FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, run, { once: true, passive: true }));
  if (document.readyState === 'complete') startTimer();
  else window.addEventListener('load', startTimer, { once: true });
  return () => {
    done = true;
    cancel();
  };
}

/**
 * Spec §4 on the microsites: one 'Microsites' page view for the first render and one per route
 * change; once the visitor allows analytics (src/consent/), the wrapper and SDKs load when
 * the page has settled (see whenSettled) and receive them in order. Without that, nothing is
 * fetched and the buffer never leaves the page.
 */
export function useMicrositesAnalytics(allowed: boolean): void {
  const router = useRouter();
  useEffect(() => {
    onView();
    router.events.on('routeChangeComplete', onView);
    return () => router.events.off('routeChangeComplete', onView);
  }, [router.events]);
  useEffect(() => {
    if (!allowed) return undefined;
    let forget: () => void = () => undefined;
    const cancel = whenSettled(() => {
      // A withdrawal stops the SDKs in its click (src/base/stopping.ts), loaded or still loading.
      forget = onWithdrawal('analytics', () => import('./startAnalytics').then(({ stopAnalytics }) => stopAnalytics()));
      // The SDKs load in a quiet moment, with the configuration the build inlined (src/config/builtEnv.ts).
      void inQuietMoment(() => Promise.all([import('./startAnalytics'), import('@/config/builtEnv')])).then(
        ([{ startAnalytics }, { publicAnalyticsConfig }]) =>
          startAnalytics(publicAnalyticsConfig, Router.locale ?? 'en'),
      );
    });
    // Consent gone before the page settled: the SDKs never load.
    return () => {
      cancel();
      forget();
    };
  }, [allowed]);
}
