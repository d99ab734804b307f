// @vitest-environment jsdom
// Amplitude's start (src/analytics/amplitudeDestination.ts, issue 44 item 4): its init sets up the
// plugins added before it inside the same chain, after its storage and session and before its own
// plugins, so the page-context plugin's setup yields to the main thread there and the SDK's own
// plugins are set up in a later task. The SDK is a fake that runs init in that order.
import type { Destination } from '@/analytics/types';

type Plugin = { name?: string; setup?: (config: unknown, client: unknown) => Promise<void> };

async function start() {
  vi.resetModules();
  const log: string[] = [];
  const yields: Array<() => void> = [];
  vi.doMock('@/base/yieldToMain', () => ({
    yieldToMain: () =>
      new Promise<void>((resolve) => {
        log.push('yield');
        yields.push(resolve);
      }),
  }));
  vi.doMock('@/base/vendorFetch', () => ({ installFetchRoute: () => undefined, stopFetches: () => undefined }));
  vi.doMock('@amplitude/analytics-browser', () => {
    class Identify {
      set() {
        return this;
      }
    }
    const createInstance = () => {
      const queued: Plugin[] = [];
      return {
        // Before init, as the SDK does (analytics-core core-client.ts): queued, set up inside init.
        add: (plugin: Plugin) => {
          queued.push(plugin);
          return { promise: Promise.resolve() };
        },
        init: () => ({
          promise: (async () => {
            log.push('init: storage and session');
            // The client the SDK hands each plugin's setup (the repeat-click plugin wraps its track).
            const client = { track: () => ({ promise: Promise.resolve() }) };
            for (const plugin of queued) await plugin.setup?.({}, client);
            log.push("init: the SDK's own plugins");
          })(),
        }),
        identify: () => ({ promise: Promise.resolve() }),
        setDeviceId: () => undefined,
      };
    };
    return { createInstance, Identify, Types: { LogLevel: { Warn: 2 } } };
  });
  const { loadAmplitude } = await import('@/analytics/amplitudeDestination');
  const loading = loadAmplitude({ apiKey: 'k' }, { anonymousId: 'a', sessionId: 1 }, () => ({}), console);
  return { log, yields, loading };
}

afterEach(() => {
  vi.doUnmock('@/base/yieldToMain');
  vi.doUnmock('@/base/vendorFetch');
  vi.doUnmock('@amplitude/analytics-browser');
});

describe("Amplitude's start", () => {
  it("yields inside init, after the storage and session and before the SDK's own plugins", async () => {
    const { log, yields, loading } = await start();
    // Release every yield, one task at a time, until init has set up its own plugins.
    while (!log.includes("init: the SDK's own plugins")) {
      await vi.waitFor(() => expect(yields.length).toBeGreaterThan(0));
      yields.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const at = (entry: string) => log.indexOf(entry);
    const yieldsInsideInit = log
      .slice(at('init: storage and session'), at("init: the SDK's own plugins"))
      .filter((entry) => entry === 'yield');
    expect(yieldsInsideInit).toHaveLength(1);
    while (yields.length > 0) yields.shift()!();
    const destination: Destination = await loading;
    expect(destination.name).toBe('Amplitude');
  });
});
