import type { AppProps } from 'next/app';
import { appWithTranslation } from 'next-i18next/pages';
import { PAGE_EVENTS, trackEvent, useMicrositesAnalytics } from '@/analytics';
import { answerRouterStartWithoutMiddleware } from '@/shell/routerStart';
import { useLeaveArrival } from '@/shell/useLeaveArrival';
import { ConsentProvider, useConsentController } from '@/consent/ConsentContext';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import type { ConsentChoice } from '@/consent/record';
import { useMonitoring } from '@/monitoring';
import { StablePage } from '@/shell/StablePage';
import { GlobalStyle } from '@/theme';
import nextI18nConfig from '../next-i18next.config.js';

answerRouterStartWithoutMiddleware();

/**
 * A page names its host's regime: landing pages from the place's country, legal pages and a tenant
 * host's 404 from the middleware's rewrite (src/tenancy/routeRequest.ts). Any other page (the
 * directory, the unknown-host page, errors of the microsites host) asks first.
 */
const regimeOf = (pageProps: { consentRegime?: ConsentRegime }): ConsentRegime =>
  pageProps.consentRegime === 'opt-out' ? 'opt-out' : 'opt-in';

/** A choice is tracked only where analytics is allowed, with the categories chosen. */
function trackChoice(choice: ConsentChoice): void {
  if (choice.analytics)
    trackEvent(PAGE_EVENTS.consent.cookieConsentUpdated, {
      analytics: choice.analytics,
      monitoring: choice.monitoring,
    });
}

function MicrositesApp({ Component, pageProps }: AppProps) {
  // The landing query leaves the address bar before any SDK reads it (src/base/arrival.ts).
  useLeaveArrival();
  const consent = useConsentController(regimeOf(pageProps), trackChoice);
  useMicrositesAnalytics(consent.consent?.analytics === true);
  useMonitoring(consent.consent?.monitoring === true);
  return (
    <ConsentProvider value={consent}>
      <GlobalStyle />
      <StablePage Component={Component} pageProps={pageProps} />
    </ConsentProvider>
  );
}

export default appWithTranslation(MicrositesApp, nextI18nConfig);
