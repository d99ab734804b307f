// Spec §1 and §9 (bots are not monitored), §3 (the 'application' context holds locale and
// commitSha; the tenant is tagged too), §4 (monitoring: not loaded, then loaded, once), §8 (a part
// that fails to load is only logged). The SDKs are replaced by fakes; the browser flow is e2e.
import { parseMonitoringEnv, type MonitoringConfig } from '@/config/monitoringEnv';
import type { StartMonitoringOptions } from '@/monitoring/startMonitoring';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ON = parseMonitoringEnv({
  NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-123',
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-abc',
  NEXT_PUBLIC_COMMIT_SHA: 'abc1234',
});
const TENANT = { host: 'kingscross-bagberth.co.uk', slug: 'kings-cross-station', type: 'poi' as const };

function fakeSdk() {
  return {
    init: vi.fn(),
    setGlobalContextProperty: vi.fn(),
    setTrackingConsent: vi.fn(),
    getGlobalContext: vi.fn(() => ({})),
    startSessionReplayRecording: vi.fn(),
    stopSessionReplayRecording: vi.fn(),
    logger: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  };
}

let rum: ReturnType<typeof fakeSdk>;
let logs: ReturnType<typeof fakeSdk>;
let imported: string[];

/** A fresh module graph per test: the start-once guard lives in module state. */
async function load(overrides: { rumFails?: boolean; logsFail?: boolean; rumLoaded?: Promise<void> } = {}) {
  vi.resetModules();
  rum = fakeSdk();
  logs = fakeSdk();
  imported = [];
  vi.doMock('@datadog/browser-rum', async () => {
    imported.push('rum');
    await overrides.rumLoaded;
    if (overrides.rumFails) throw new Error('Loading chunk datadog-rum failed');
    return { datadogRum: rum };
  });
  vi.doMock('@datadog/browser-logs', () => {
    imported.push('logs');
    if (overrides.logsFail) throw new Error('Loading chunk datadog-logs failed');
    return { datadogLogs: logs };
  });
  const { startMonitoring, withdrawMonitoring } = await import('@/monitoring/startMonitoring');
  const { appLogger, consoleSink, setLogSink } = await import('@/base/logger');
  setLogSink(consoleSink);
  return { startMonitoring, withdrawMonitoring, appLogger };
}

const options = (overrides: Partial<StartMonitoringOptions> = {}): StartMonitoringOptions => ({
  config: ON,
  locale: 'en',
  tenant: TENANT,
  isBot: false,
  userAgent: CHROME,
  globalPrivacyControl: false,
  ...overrides,
});

beforeEach(() => vi.stubGlobal('window', {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.doUnmock('@datadog/browser-rum');
  vi.doUnmock('@datadog/browser-logs');
});

describe('startMonitoring', () => {
  it('does nothing, and loads nothing, when monitoring is off', async () => {
    const { startMonitoring } = await load();
    const off: MonitoringConfig = parseMonitoringEnv({});
    await expect(startMonitoring(options({ config: off }))).resolves.toBeUndefined();
    expect(imported).toEqual([]);
  });

  it('never monitors a bot, and says so in a debug line (the e2e tests wait for it)', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { startMonitoring } = await load();
    await expect(startMonitoring(options({ isBot: true }))).resolves.toBeUndefined();
    expect(imported).toEqual([]);
    expect(debug).toHaveBeenCalledWith('[monitoring] visitor is a bot; not monitored');
  });

  it('does nothing on the server', async () => {
    const { startMonitoring } = await load();
    vi.unstubAllGlobals();
    await expect(startMonitoring(options())).resolves.toBeUndefined();
    expect(imported).toEqual([]);
  });

  it('loads and starts RUM and Logs with the application and tenant context', async () => {
    const { startMonitoring } = await load();
    const handle = await startMonitoring(options({ locale: 'de' }));

    expect(handle).toBeDefined();
    expect(imported.sort()).toEqual(['logs', 'rum']);
    expect(rum.init).toHaveBeenCalledTimes(1);
    expect(rum.init.mock.calls[0]![0]).toMatchObject({
      applicationId: 'app-123',
      version: 'abc1234',
      sessionReplaySampleRate: 20,
      proxy: undefined,
    });
    expect(logs.init).toHaveBeenCalledTimes(1);
    expect(logs.init.mock.calls[0]![0]).toMatchObject({ clientToken: 'pub-abc', forwardErrorsToLogs: true });
    for (const sdk of [rum, logs]) {
      expect(sdk.setGlobalContextProperty).toHaveBeenCalledWith('application', { locale: 'de', commitSha: 'abc1234' });
      expect(sdk.setGlobalContextProperty).toHaveBeenCalledWith('tenant', TENANT);
    }
  });

  // docs/performance.md, "Fifth pass": replay in quiet steps of its own (monitoring.startReplay.test.ts),
  // once RUM has started; before that, RUM would only note a start and record in its own start task.
  it('starts session replay by hand, once RUM has sent its first view', async () => {
    vi.stubGlobal('window', { location: new URL('https://kingscross-bagberth.co.uk/') });
    const { startMonitoring } = await load();
    await startMonitoring(options());
    const init = rum.init.mock.calls[0]![0] as {
      startSessionReplayRecordingManually: boolean;
      beforeSend: (event: unknown) => boolean;
    };
    expect(init.startSessionReplayRecordingManually).toBe(true);
    // Steps run in order: once this one has run, any step queued before it has too.
    const { inQuietMoment } = await import('@/base/idleWork');
    await inQuietMoment(() => undefined);
    expect(rum.startSessionReplayRecording).not.toHaveBeenCalled();

    expect(init.beforeSend({ type: 'action', action: { type: 'click' } })).toBe(true);
    await inQuietMoment(() => undefined);
    expect(rum.startSessionReplayRecording).not.toHaveBeenCalled();

    expect(init.beforeSend({ type: 'view', view: { id: 'v1', url: 'https://kingscross-bagberth.co.uk/' } })).toBe(true);
    await vi.waitFor(() => expect(rum.startSessionReplayRecording).toHaveBeenCalledTimes(2));
    expect(rum.stopSessionReplayRecording).toHaveBeenCalledTimes(1);
  });

  it('routes Safari through the first-party proxy', async () => {
    const { startMonitoring } = await load();
    await startMonitoring(options({ userAgent: SAFARI }));
    expect(rum.init.mock.calls[0]![0]).toMatchObject({ proxy: '/api/monitoring-proxy' });
    expect(logs.init.mock.calls[0]![0]).toMatchObject({ proxy: '/api/monitoring-proxy' });
  });

  it('keeps to errors under Global Privacy Control: no replay, no persistent id, in both SDKs', async () => {
    const { startMonitoring } = await load();
    await startMonitoring(options({ globalPrivacyControl: true }));
    expect(rum.init.mock.calls[0]![0]).toMatchObject({ sessionReplaySampleRate: 0, trackAnonymousUser: false });
    expect(logs.init.mock.calls[0]![0]).toMatchObject({ trackAnonymousUser: false });
  });

  it('leaves the tenant out on pages of no tenant', async () => {
    const { startMonitoring } = await load();
    await startMonitoring(options({ tenant: null }));
    expect(rum.setGlobalContextProperty.mock.calls.map(([key]) => key)).toEqual(['application']);
  });

  it('updates the locale in the application context', async () => {
    const { startMonitoring } = await load();
    const handle = await startMonitoring(options());
    handle!.setLocale('ja');
    expect(rum.setGlobalContextProperty).toHaveBeenLastCalledWith('application', {
      locale: 'ja',
      commitSha: 'abc1234',
    });
    expect(logs.setGlobalContextProperty).toHaveBeenLastCalledWith('application', {
      locale: 'ja',
      commitSha: 'abc1234',
    });
  });

  it('starts once per page load, however often it is called', async () => {
    const { startMonitoring } = await load();
    const [first, second] = await Promise.all([startMonitoring(options()), startMonitoring(options())]);
    const third = await startMonitoring(options({ locale: 'fr' }));
    expect(first).toBe(second);
    expect(first).toBe(third);
    expect(rum.init).toHaveBeenCalledTimes(1);
    expect(logs.init).toHaveBeenCalledTimes(1);
  });

  it('sends app log lines to Datadog logs once loaded', async () => {
    const { startMonitoring, appLogger } = await load();
    await startMonitoring(options());
    appLogger.warn('[analytics] storage unavailable', { key: 'anonymous-id' });
    expect(logs.logger.warn).toHaveBeenCalledWith('[analytics] storage unavailable', { key: 'anonymous-id' });
  });

  it('only logs a part that fails to load, and starts the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { startMonitoring } = await load({ rumFails: true });
    const handle = await startMonitoring(options());
    expect(handle).toBeDefined();
    expect(logs.init).toHaveBeenCalledTimes(1);
    expect(logs.setGlobalContextProperty).toHaveBeenCalledWith('application', { locale: 'en', commitSha: 'abc1234' });
    // Logs start first, so the failure of RUM is reported to Datadog, with its error.
    expect(logs.logger.warn).toHaveBeenCalledWith('[monitoring] browser-rum failed to start', {}, expect.any(Error));
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs to the console when Datadog logs itself fails to load, and still starts RUM', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { startMonitoring } = await load({ logsFail: true });
    await expect(startMonitoring(options())).resolves.toBeDefined();
    expect(rum.init).toHaveBeenCalledTimes(1);
    expect(rum.setGlobalContextProperty).toHaveBeenCalledWith('tenant', TENANT);
    expect(warn).toHaveBeenCalledWith('[monitoring] browser-logs failed to start', { error: expect.any(Error) });
  });

  describe('a withdrawal (issue 36: at the click, loaded or still loading)', () => {
    const INTAKE = 'https://browser-intake-datadoghq.eu/api/v2/rum';
    let network: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      vi.stubGlobal('window', { location: { href: `https://${TENANT.host}/` } });
      network = vi.fn(async () => new Response('sent'));
      vi.stubGlobal('fetch', network);
    });

    it('while RUM still loads: Logs stops and the intake is closed in the same task, and RUM never starts', async () => {
      let rumArrives!: () => void;
      const { startMonitoring, withdrawMonitoring } = await load({
        rumLoaded: new Promise<void>((resolve) => (rumArrives = resolve)),
      });
      const started = startMonitoring(options());
      await vi.waitFor(() => expect(imported).toEqual(['logs', 'rum']));
      expect(logs.init).toHaveBeenCalledTimes(1);

      withdrawMonitoring();
      expect(logs.setTrackingConsent).toHaveBeenCalledWith('not-granted');
      await fetch(INTAKE, { method: 'POST', body: 'a batch' });
      await fetch('https://example.com/other');
      expect(network.mock.calls.map(([url]) => String(url))).toEqual(['https://example.com/other']);

      rumArrives();
      await started;
      expect(rum.init).not.toHaveBeenCalled();
      expect(rum.setGlobalContextProperty).not.toHaveBeenCalled();
    });

    it("resolves only once Datadog's own write of the ended session is in: queued behind its Web Lock", async () => {
      let releaseDatadog!: () => void;
      const held = new Promise<void>((resolve) => (releaseDatadog = resolve));
      // Datadog's write holds the lock named as its cookie; a later request waits for it.
      const request = vi.fn((name: string, callback: () => unknown) => held.then(callback));
      vi.stubGlobal('navigator', { locks: { request }, userAgent: CHROME });
      const { startMonitoring, withdrawMonitoring } = await load();
      await startMonitoring(options());
      let done = false;
      const withdrawing = withdrawMonitoring().then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(request).toHaveBeenCalledWith('_dd_s_v2', expect.any(Function));
      expect(done).toBe(false);
      releaseDatadog();
      await withdrawing;
      expect(done).toBe(true);
    });

    it('once both run: each ends its session; before anything loaded: nothing is fetched at all', async () => {
      const { startMonitoring, withdrawMonitoring } = await load();
      await startMonitoring(options());
      withdrawMonitoring();
      expect(rum.setTrackingConsent).toHaveBeenCalledWith('not-granted');
      expect(logs.setTrackingConsent).toHaveBeenCalledWith('not-granted');

      const early = await load();
      early.withdrawMonitoring();
      await early.startMonitoring(options());
      expect(imported).toEqual([]);
    });
  });
});
