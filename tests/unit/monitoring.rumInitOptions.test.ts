// Spec §3 (Monitoring config), §9 (Monitoring: sample rates, secure cross-subdomain session,
// masked input, clickmap and feature_flags), §8 (ignored error types dropped before sending),
// §7 call 9 (Safari-type browsers use a fallback proxy).
import { getExperimentalFeatures, initFeatureFlags } from '@datadog/browser-core';
import type { LogsEvent } from '@datadog/browser-logs';
import type { RumEvent, RumEventDomainContext } from '@datadog/browser-rum';
import { parseMonitoringEnv, type EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { logsInitOptions, proxyFor, rumInitOptions } from '@/monitoring/rumInitOptions';
import { isSafariLike } from '@/monitoring/safari';

const CONFIGURED = { NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-123', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-abc' };

function enabled(env: Record<string, string | undefined> = {}): EnabledMonitoringConfig {
  const config = parseMonitoringEnv({ ...CONFIGURED, ...env });
  if (!config.enabled) throw new Error('expected monitoring to be on');
  return config;
}

const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const FIREFOX_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
const SAMSUNG_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const OLD_ANDROID_STOCK =
  'Mozilla/5.0 (Linux; U; Android 4.0.3; de-de; Galaxy S II Build/GRJ22) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('isSafariLike', () => {
  it.each([
    ['Safari on macOS', SAFARI_MAC, true],
    ['Safari on iPhone', SAFARI_IPHONE, true],
    ['Chrome on iPhone (WebKit)', CHROME_IPHONE, true],
    ['Firefox on iPad (WebKit)', FIREFOX_IPAD, true],
    ['Chrome on macOS', CHROME_MAC, false],
    ['Chrome on Android', CHROME_ANDROID, false],
    ['Samsung Internet', SAMSUNG_ANDROID, false],
    ['old Android stock browser', OLD_ANDROID_STOCK, false],
    ['Edge on Windows', EDGE_WINDOWS, false],
    ['Firefox on Windows', FIREFOX_WINDOWS, false],
    ['no user agent', '', false],
  ])('%s → %s', (_name, userAgent, expected) => expect(isSafariLike(userAgent)).toBe(expected));
});

describe('rumInitOptions', () => {
  const options = rumInitOptions(
    enabled({ NEXT_PUBLIC_DATADOG_ENV: 'production', NEXT_PUBLIC_COMMIT_SHA: 'abc1234' }),
    { useSafariProxy: false },
  );

  it('uses the Datadog v7 option names and the spec values', () => {
    expect(options).toMatchObject({
      applicationId: 'app-123',
      clientToken: 'pub-abc',
      site: 'datadoghq.com',
      service: 'microsites',
      env: 'production',
      version: 'abc1234',
      allowedTracingUrls: [],
      sessionSampleRate: 50,
      sessionReplaySampleRate: 20,
      trackUserInteractions: true,
      trackResources: true,
      trackLongTasks: true,
      compressIntakeRequests: true,
    });
    // The v4-era names would be silently ignored by v7.
    for (const legacy of [
      'sampleRate',
      'replaySampleRate',
      'tracingOrigins',
      'trackInteractions',
      'allowedTracingOrigins',
    ]) {
      expect(options).not.toHaveProperty(legacy);
    }
  });

  it('keeps the session across subdomains in a secure cookie and masks input', () => {
    expect(options).toMatchObject({
      trackSessionAcrossSubdomains: true,
      useSecureSessionCookie: true,
      defaultPrivacyLevel: 'mask-user-input',
    });
  });

  // Spec §9 "clickmap and feature_flags experiments are on": Datadog 7.16.2 keeps only the
  // experiment names it knows and drops these two, so the option is not passed; v7 builds
  // clickmaps from the click actions trackUserInteractions collects.
  it('collects the click actions clickmaps are built from, and passes no experiment the SDK would drop', () => {
    expect(options.trackUserInteractions).toBe(true);
    expect(options).not.toHaveProperty('enableExperimentalFeatures');
    initFeatureFlags(['clickmap', 'feature_flags']);
    expect([...getExperimentalFeatures()]).toEqual([]);
  });

  describe('beforeSend (spec §8: IgnoredEventCancel and IgnorableError are dropped)', () => {
    const context = {
      application: { locale: 'de', commitSha: 'abc' },
      tenant: { host: 'prague-bagberth.cz', slug: 'prague', type: 'city' },
    };
    const withContext = rumInitOptions(enabled(), { useSafariProxy: false }, () => context);
    const beforeSend = (event: unknown, domain?: unknown) =>
      withContext.beforeSend?.(event as RumEvent, (domain ?? {}) as RumEventDomainContext);
    const rumError = (type: string) => ({ type: 'error', error: { type, message: 'boom', source: 'source' } });

    it.each(['IgnoredEventCancel', 'IgnorableError'])('drops a RUM error of type %s', (type) => {
      expect(beforeSend(rumError(type))).toBe(false);
    });

    it('drops an error whose thrown class is ignored though its type says Error', () => {
      class IgnorableError extends Error {}
      expect(beforeSend(rumError('Error'), { error: new IgnorableError('x') })).toBe(false);
    });

    it('keeps other errors and other events', () => {
      expect(beforeSend(rumError('TypeError'), { error: new TypeError('x') })).toBe(true);
      expect(beforeSend({ type: 'action', action: { type: 'click' } })).toBe(true);
    });

    it('gives view events the global context', () => {
      const view = { type: 'view', view: { id: 'v1' }, context: {} };
      expect(beforeSend(view)).toBe(true);
      expect(view.context).toEqual(context);
    });

    it('drops the same errors from Datadog logs, keeping the rest', () => {
      const logs = logsInitOptions(enabled(), { useSafariProxy: false });
      const log = (kind: string) =>
        ({ message: 'boom', status: 'error', origin: 'source', error: { kind } }) as unknown as LogsEvent;
      expect(logs.beforeSend?.(log('IgnorableError'), {} as never)).toBe(false);
      expect(logs.beforeSend?.(log('IgnoredEventCancel'), {} as never)).toBe(false);
      expect(logs.beforeSend?.(log('TypeError'), {} as never)).toBe(true);
    });
  });

  it('sends intake requests straight to Datadog from Chrome', () => {
    expect(rumInitOptions(enabled(), { useSafariProxy: isSafariLike(CHROME_MAC) }).proxy).toBeUndefined();
  });

  it('sends them through the first-party proxy from Safari', () => {
    expect(rumInitOptions(enabled(), { useSafariProxy: isSafariLike(SAFARI_IPHONE) }).proxy).toBe(
      '/api/monitoring-proxy',
    );
  });

  it('prefers a configured proxy (the test collector) in every browser', () => {
    const config = enabled({ NEXT_PUBLIC_DATADOG_PROXY_URL: 'http://127.0.0.1:4319' });
    expect(proxyFor(config, { useSafariProxy: true })).toBe('http://127.0.0.1:4319');
    expect(proxyFor(config, { useSafariProxy: false })).toBe('http://127.0.0.1:4319');
  });

  it('turns compression off when the environment says so', () => {
    expect(
      rumInitOptions(enabled({ NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: '0' }), { useSafariProxy: false })
        .compressIntakeRequests,
    ).toBe(false);
  });
});

describe('logsInitOptions', () => {
  it('forwards errors on the same site, service, session and transport as RUM', () => {
    const config = enabled({ NEXT_PUBLIC_DATADOG_ENV: 'production', NEXT_PUBLIC_DATADOG_SITE: 'datadoghq.eu' });
    const transport = { useSafariProxy: true };
    const logs = logsInitOptions(config, transport);
    const rum = rumInitOptions(config, transport);
    expect(logs).toMatchObject({ forwardErrorsToLogs: true, clientToken: 'pub-abc' });
    for (const key of [
      'site',
      'service',
      'env',
      'version',
      'sessionSampleRate',
      'trackSessionAcrossSubdomains',
      'useSecureSessionCookie',
      'proxy',
    ] as const) {
      expect(logs[key], key).toEqual(rum[key]);
    }
    expect(logs).toMatchObject({ site: 'datadoghq.eu', sessionSampleRate: 50, proxy: '/api/monitoring-proxy' });
  });

  it('keeps no persistent id for anyone, and no session replay under Global Privacy Control', () => {
    const config = enabled();
    const transport = { useSafariProxy: false };
    const gpc = { globalPrivacyControl: true };
    expect(logsInitOptions(config, transport).trackAnonymousUser).toBe(false);
    expect(rumInitOptions(config, transport, undefined, gpc)).toMatchObject({
      trackAnonymousUser: false,
      sessionReplaySampleRate: 0,
    });
    expect(rumInitOptions(config, transport, undefined, { globalPrivacyControl: false }).sessionReplaySampleRate).toBe(
      20,
    );
  });
});
