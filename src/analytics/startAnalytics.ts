import Cookies from 'js-cookie';
import { Analytics } from './Analytics';
import { syncAnonymousId, type CookieJar } from './anonymousId';
import { connect, currentPageContext, identify } from './firstLoadBuffer';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import { IDENTITY_COOKIE_DAYS } from './constants';
import { deviceContext } from './deviceContext';
import { createDestinationLoader } from './loadDestinations';
import { enrichmentProperties } from './pageContext';
import { recordPageReferrer, type ExpiringCookieJar } from './pageReferrer';
import { touchProductSession } from './productSession';
import { browserLocalStorage, createSafeStorage } from './safeStorage';
import type { AnalyticsLogger } from './types';
import { arrivalLeft } from '@/base/arrival';
import { appLogger } from '@/base/logger';
import { detectBot } from '@/base/botDetection';
import { quietStep } from '@/base/importAndStart';
import { warmDateFormats } from '@/base/warmDateFormats';
import { yieldToMain } from '@/base/yieldToMain';
import type { BufferTarget } from './firstLoadBuffer';

/** Analytics logs through the app logger: the console until monitoring loads, Datadog logs after. */
const logger: AnalyticsLogger = appLogger;

const cookieOptions = (expires: number | Date) => ({
  expires,
  sameSite: 'Lax' as const,
  secure: window.location.protocol === 'https:',
});

const identityCookies: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value) => Cookies.set(name, value, cookieOptions(IDENTITY_COOKIE_DAYS)),
};

const expiringCookies: ExpiringCookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, expires) => Cookies.set(name, value, cookieOptions(expires)),
};

/** The wrapper of this page load; created here so it never weighs on the first load. */
export const analytics = new Analytics(
  createDestinationLoader(() => enrichmentProperties(currentPageContext()), logger),
  logger,
);

/**
 * The wrapper, fed one call per task while the buffered calls are handed over: each goes through
 * both SDKs, and the page view and the identify together made one task of 120–230 ms at 4× CPU
 * (docs/performance.md). Calls made meanwhile wait behind them, in order; then calls pass straight
 * through.
 */
function oneCallPerTask(to: BufferTarget): { target: BufferTarget; drain: () => Promise<void> } {
  let waiting: Array<() => void> | undefined = [];
  const call = (send: () => void) => (waiting ? waiting.push(send) : send());
  return {
    target: {
      page: (...args) => call(() => to.page(...args)),
      track: (...args) => call(() => to.track(...args)),
      identify: (...args) => call(() => to.identify(...args)),
    },
    drain: async () => {
      for (let send = waiting?.shift(); send; send = waiting?.shift()) {
        await yieldToMain();
        send();
      }
      waiting = undefined;
    },
  };
}

/**
 * The microsites flow (spec §4): skip bots (before anything is stored), set up, identify
 * anonymously with the device context and the locale, then take over the calls buffered since the
 * page started, page view first. Each of those steps runs in a quiet moment of its own.
 */
export async function startAnalytics(config: AnalyticsConfig, locale: string): Promise<void> {
  // Both SDKs read the address: not before the landing query has left it (src/base/arrival.ts).
  await arrivalLeft();
  // Segment reads the time zone for every event (src/base/warmDateFormats.ts).
  void warmDateFormats();
  const isBot = await quietStep('analytics bot check', detectBot);
  const storage = createSafeStorage(browserLocalStorage, logger);
  const touchSession = () => touchProductSession(storage, Date.now());
  let changedTo: string | undefined;
  let pageReferrer: string | undefined;
  const identity = () => {
    const { anonymousId, previousId } = syncAnonymousId(storage, identityCookies);
    changedTo = previousId && anonymousId;
    pageReferrer = recordPageReferrer(document.referrer, window.location.hostname, expiringCookies, Date.now());
    // The clients start with the id they last knew, so a changed id goes through setAnonymousId.
    return { anonymousId: previousId ?? anonymousId, sessionId: touchSession().sessionId };
  };

  if (!(await analytics.setup(config, { isBot, identity }))) return connect(null);
  const handOver = oneCallPerTask(analytics);
  await quietStep('analytics identify and flush', () => {
    if (changedTo) analytics.setAnonymousId(changedTo);
    // The referring site is a trait, so it stays with the visitor's later events (spec §9 cookie).
    identify(undefined, { ...deviceContext(window), locale, ...(pageReferrer && { page_referrer: pageReferrer }) });
    connect(handOver.target, touchSession);
    return handOver.drain();
  });
}

/** Consent withdrawn on this page: each SDK stops through its own API (Destination.stop), before the consent controller deletes what they stored. */
export const stopAnalytics = (): Promise<void> => analytics.stop();
