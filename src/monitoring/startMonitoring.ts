import type { MonitoringConfig, EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { APPLICATION_CONTEXT_KEY, TENANT_CONTEXT_KEY, applicationContext, type TenantContext } from './context';
import { arrivalLeft } from '@/base/arrival';
import { importAndStart } from '@/base/importAndStart';
import { warmClosedDetails } from '@/base/warmClosedDetails';
import { appLogger, setLogSink } from '@/base/logger';
import { datadogSink } from './datadogSink';
import {
  intakePrefixes,
  logsInitOptions,
  proxyFor,
  rumInitOptions,
  type PrivacySignals,
  type TransportChoice,
} from './rumInitOptions';
import { stopFetches } from '@/base/vendorFetch';
import { warmDateFormats } from '@/base/warmDateFormats';
import { isSafariLike } from './safari';
import { startReplay } from './startReplay';

export interface StartMonitoringOptions extends PrivacySignals {
  config: MonitoringConfig;
  /** The page language now; later changes go through the handle. */
  locale: string;
  /** Null when the page belongs to no tenant. */
  tenant: TenantContext | null;
  /** From the analytics bot detection: bots are never monitored (spec §1, §9). */
  isBot: boolean;
  /** Defaults to `navigator.userAgent`; picks the Safari proxy. */
  userAgent?: string;
}

export interface MonitoringHandle {
  /** Updates `application.locale` after a language change. */
  setLocale(locale: string): void;
}

interface ContextTarget {
  setGlobalContextProperty(key: string, value: unknown): void;
  setTrackingConsent(consent: 'granted' | 'not-granted'): void;
}

let started: Promise<MonitoringHandle | undefined> | undefined;
let withdrawn = false;
/** What a withdrawal stops, added as each part starts. */
const stops: Array<() => void> = [];
const onWithdrawn = (stop: () => void) => (withdrawn ? stop() : stops.push(stop));

/**
 * The visitor withdrew consent: at once, no request reaches Datadog's intake and each SDK started
 * stops collecting and ends its session; a part still loading never starts. Not only once all
 * have started: Logs runs while RUM waits for a pause (seen in CI, a RUM batch sent after the click).
 */
export async function withdrawMonitoring(): Promise<void> {
  withdrawn = true;
  stops.splice(0).forEach((stop) => stop());
  // Datadog writes the ended session a moment later, under a Web Lock named as its cookie
  // (@datadog/browser-core's sessionInCookie.ts): a request queued behind it resolves once that
  // write is in, so the purge that follows deletes the cookie for good (CI: `_dd_s_v2` back 200 ms
  // after the click).
  await globalThis.navigator?.locks?.request(DATADOG_SESSION_LOCK, () => undefined).catch(() => undefined);
}

const DATADOG_SESSION_LOCK = '_dd_s_v2';

/**
 * Loads and starts Datadog RUM and Logs, once per page load; later calls get the same handle.
 * Resolves to undefined when monitoring is off, the visitor is a bot, or on the server. Never
 * rejects: a part that fails to load is logged and the page carries on without it.
 */
export function startMonitoring(options: StartMonitoringOptions): Promise<MonitoringHandle | undefined> {
  const { config, isBot } = options;
  if (!config.enabled || typeof window === 'undefined') return Promise.resolve(undefined);
  if (isBot) {
    // Also the sign, for tests and debugging, that the start-up decided.
    appLogger.debug('[monitoring] visitor is a bot; not monitored');
    return Promise.resolve(undefined);
  }
  started ??= load(config, options);
  return started;
}

async function load(config: EnabledMonitoringConfig, options: StartMonitoringOptions): Promise<MonitoringHandle> {
  // Datadog reads the address (views, replays): not before the landing query has left it.
  await arrivalLeft();
  void warmDateFormats();
  const transport: TransportChoice = { useSafariProxy: isSafariLike(options.userAgent ?? navigator.userAgent) };
  // First of the stops: Datadog flushes what it holds when consent goes.
  onWithdrawn(() => stopFetches(intakePrefixes(proxyFor(config, transport), window.location.href)));
  // Set before init, so the very first view already carries it.
  const initialContext: Array<[string, unknown]> = [
    [APPLICATION_CONTEXT_KEY, applicationContext(options.locale, config.version)],
  ];
  if (options.tenant) initialContext.push([TENANT_CONTEXT_KEY, options.tenant]);
  /** An SDK about to start, unless consent went while it loaded. */
  const starting = <T extends ContextTarget>(sdk: T): T | undefined => {
    if (withdrawn) return undefined;
    initialContext.forEach(([key, value]) => sdk.setGlobalContextProperty(key, value));
    onWithdrawn(() => sdk.setTrackingConsent('not-granted'));
    return sdk;
  };

  // RUM's replay recorder lays out what closed disclosures hold (src/base/warmClosedDetails.ts).
  // Done before Logs starts, so that RUM still starts right after Logs, whose session cookie it shares.
  await warmClosedDetails();
  // Only ever import(): both SDKs patch fetch and console as soon as they are evaluated. Each
  // fetch and each start is a step of its own in the visitor's pauses (src/base/idleWork.ts);
  // neither once consent has gone.
  // Logs start first, so that a failure of RUM is reported to Datadog rather than the console.
  const logs = await orWarn(
    'browser-logs',
    importAndStart(
      'datadog logs',
      async () => (withdrawn ? undefined : import('@datadog/browser-logs')),
      (module) => {
        const sdk = module && starting(module.datadogLogs);
        sdk?.init(logsInitOptions(config, transport));
        if (sdk) setLogSink(datadogSink(sdk.logger));
        return sdk;
      },
    ),
  );
  // RUM's first view reads the time zone in the task that starts it (src/base/warmDateFormats.ts).
  await warmDateFormats();
  let rumStarted = () => {};
  const firstView = new Promise<void>((resolve) => (rumStarted = resolve));
  const rum = await orWarn(
    'browser-rum',
    importAndStart(
      'datadog rum',
      async () => (withdrawn ? undefined : import('@datadog/browser-rum')),
      (module) => {
        const sdk = module && starting(module.datadogRum);
        sdk?.init(rumInitOptions(config, transport, () => sdk.getGlobalContext(), options, rumStarted));
        return sdk;
      },
    ),
  );

  // Session replay once RUM has started (its first view), which may be a task or more after init:
  // before it, a start would only be noted and RUM would record at its own start, in one long task.
  // A session RUM does not keep sends no view: replay starts with the first view of a renewed one.
  if (rum)
    void orWarn(
      'session replay',
      firstView.then(() => startReplay(rum)),
    );

  const targets: ContextTarget[] = [logs, rum].flatMap((sdk) => (sdk ? [sdk] : []));
  return {
    setLocale: (locale) =>
      targets.forEach((sdk) =>
        sdk.setGlobalContextProperty(APPLICATION_CONTEXT_KEY, applicationContext(locale, config.version)),
      ),
  };
}

/** A part that fails to load or start is logged, and the page carries on without it. */
const orWarn = <T>(name: string, started: Promise<T>): Promise<T | undefined> =>
  started.catch((error: unknown) => {
    appLogger.warn(`[monitoring] ${name} failed to start`, { error });
    return undefined;
  });
