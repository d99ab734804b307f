import Router, { useRouter } from 'next/router';
import { useEffect } from 'react';
import { sendPageView, setPageContext } from './client';
import { publicAnalyticsConfig } from './config';

/** The landing path a route maps to, e.g. /[slug]/[type] with its params → /prague/city. */
const mappedPath = () => Router.pathname.replace(/\[(\w+)\]/g, (_match, param: string) => String(Router.query[param] ?? ''));

function onView(): void {
  const locale = Router.locale ?? 'en';
  setPageContext(window.location.host, mappedPath(), window.location.search, locale);
  sendPageView(Router.pathname, locale);
}

/** Runs work once the page is interactive and the browser is idle, so SDKs never delay it. */
function afterInteractive(work: () => void): () => void {
  // Safari has no requestIdleCallback.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let idle: number | undefined;
  const schedule = () => {
    idle = hasIdle ? window.requestIdleCallback(work, { timeout: 3000 }) : window.setTimeout(work, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Spec §4 on the microsites: one 'Microsites' page view for the first render and one per route
 * change; the wrapper and SDKs load after the page is interactive and receive them in order.
 */
export function useMicrositesAnalytics(): void {
  const router = useRouter();
  useEffect(() => {
    onView();
    router.events.on('routeChangeComplete', onView);
    const cancel = afterInteractive(() => {
      void import('./startAnalytics').then(({ startAnalytics }) => startAnalytics(publicAnalyticsConfig, Router.locale ?? 'en'));
    });
    return () => {
      cancel();
      router.events.off('routeChangeComplete', onView);
    };
  }, [router.events]);
}
