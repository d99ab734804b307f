import type { MonitoringConfig, EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { APPLICATION_CONTEXT_KEY, TENANT_CONTEXT_KEY, applicationContext, type TenantContext } from './context';
import { arrivalLeft } from '@/base/arrival';
import { importAndStart } from '@/base/idleWork';
import { appLogger, setLogSink } from '@/base/logger';
import { datadogSink } from './datadogSink';
import { intakePrefixes, logsInitOptions, proxyFor, rumInitOptions, type PrivacySignals, type TransportChoice } from './rumInitOptions';
import { stopFetches } from '@/base/vendorFetch';
import { isSafariLike } from './safari';

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
  /** The visitor withdrew consent: both SDKs stop collecting and end their session. */
  withdraw(): void;
}

interface ContextTarget {
  setGlobalContextProperty(key: string, value: unknown): void;
  setTrackingConsent(consent: 'granted' | 'not-granted'): void;
}

let started: Promise<MonitoringHandle | undefined> | undefined;

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
  const transport: TransportChoice = { useSafariProxy: isSafariLike(options.userAgent ?? navigator.userAgent) };
  // Set before init, so the very first view already carries it.
  const initialContext: Array<[string, unknown]> = [[APPLICATION_CONTEXT_KEY, applicationContext(options.locale, config.version)]];
  if (options.tenant) initialContext.push([TENANT_CONTEXT_KEY, options.tenant]);
  const withContext = <T extends ContextTarget>(sdk: T): T => {
    initialContext.forEach(([key, value]) => sdk.setGlobalContextProperty(key, value));
    return sdk;
  };

  // Only ever import(): both SDKs patch fetch and console as soon as they are evaluated. Each
  // fetch and each start is a step of its own in the visitor's pauses (src/base/idleWork.ts).
  // Logs start first, so that a failure of RUM is reported to Datadog rather than the console.
  const logs = await orWarn(
    'browser-logs',
    importAndStart(
      () => import('@datadog/browser-logs'),
      ({ datadogLogs }) => {
        withContext(datadogLogs).init(logsInitOptions(config, transport));
        setLogSink(datadogSink(datadogLogs.logger));
        return datadogLogs;
      },
    ),
  );
  const rum = await orWarn(
    'browser-rum',
    importAndStart(
      () => import('@datadog/browser-rum'),
      ({ datadogRum }) => {
        withContext(datadogRum).init(rumInitOptions(config, transport, () => datadogRum.getGlobalContext(), options));
        return datadogRum;
      },
    ),
  );

  const targets: ContextTarget[] = [logs, rum].flatMap((sdk) => (sdk ? [sdk] : []));
  return {
    setLocale: (locale) => targets.forEach((sdk) => sdk.setGlobalContextProperty(APPLICATION_CONTEXT_KEY, applicationContext(locale, config.version))),
    // Datadog flushes what it holds when consent goes: its endpoints are stopped first.
    withdraw: () => {
      stopFetches(intakePrefixes(proxyFor(config, transport), window.location.href));
      targets.forEach((sdk) => sdk.setTrackingConsent('not-granted'));
    },
  };
}

/** A part that fails to load or start is logged, and the page carries on without it. */
const orWarn = <T>(name: string, started: Promise<T>): Promise<T | undefined> =>
  started.catch((error: unknown) => {
    appLogger.warn(`[monitoring] ${name} failed to start`, { error });
    return undefined;
  });
