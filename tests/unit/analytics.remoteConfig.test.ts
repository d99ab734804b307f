// Spec §4 (remote config fetch: a failed 5xx fetch is retried with a growing delay; if it fails,
// the local config stays and an error is logged), §8 (the four messages), §9 (timeout 5 s, retry
// delay attempts × 1000 ms). Amplitude's SDK cannot be configured to do this; its requests are
// answered by src/analytics/remoteConfig.ts instead.
import { fetchRemoteConfig, REMOTE_CONFIG_ERRORS, remoteConfigRoute } from '@/analytics/remoteConfig';
import type { Fetch } from '@/base/vendorFetch';

const URL_ = 'http://localhost:4100/amplitude/config/key?config_group=browser';
const CONFIG = { configs: { analyticsSDK: { browserSDK: { autocapture: { fileDownloads: false } } } } };

function setUp(answers: Array<number | 'network' | 'hang' | 'not json'>) {
  const errors: string[] = [];
  const logger = { debug: vi.fn(), warn: vi.fn(), error: (message: string) => void errors.push(message) };
  const sleeps: number[] = [];
  const sleep = async (ms: number) => void sleeps.push(ms);
  const next = vi.fn<Fetch>(async (_input, init) => {
    const answer = answers.shift() ?? 200;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    if (answer === 'not json') return new Response('<html>', { status: 200 });
    return new Response(JSON.stringify(answer === 200 ? CONFIG : { error: answer }), { status: answer });
  });
  return { errors, sleeps, next, options: { logger, sleep, timeoutMs: 20 } };
}

describe('fetchRemoteConfig', () => {
  it('retries 5xx with a growing delay and hands over the config that finally came', async () => {
    const { errors, sleeps, next, options } = setUp([500, 503, 200]);
    const response = await fetchRemoteConfig(URL_, undefined, next, options);
    expect(await response.json()).toEqual(CONFIG);
    expect(next).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(errors).toEqual([]);
  });

  it('gives up after 3 attempts with the spec error, and answers the SDK so it keeps its local config', async () => {
    const { errors, sleeps, next, options } = setUp([500, 500, 500, 200]);
    const response = await fetchRemoteConfig(URL_, undefined, next, options);
    expect(next).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(errors).toEqual(['Remote config fetch rejected due to exceeded retry count']);
    // Amplitude's client stops retrying only on a 4xx other than 401, 403 and 429.
    expect(response.status).toBe(400);
  });

  it('logs a network failure with its spec message, and retries it', async () => {
    const { errors, next, options } = setUp(['network', 200]);
    expect((await fetchRemoteConfig(URL_, undefined, next, options)).status).toBe(200);
    expect(errors).toEqual([REMOTE_CONFIG_ERRORS.network]);
    expect(errors[0]).toBe('Network error occurred, remote config fetch failed');
  });

  it('cuts an attempt at the timeout, logs it with its spec message, and retries it', async () => {
    const { errors, next, options } = setUp(['hang', 'hang', 'hang']);
    expect((await fetchRemoteConfig(URL_, undefined, next, options)).status).toBe(400);
    expect(errors).toEqual([
      'Remote config fetch rejected due to timeout after 5 seconds',
      'Remote config fetch rejected due to timeout after 5 seconds',
      'Remote config fetch rejected due to timeout after 5 seconds',
      'Remote config fetch rejected due to exceeded retry count',
    ]);
  });

  it.each([
    ['a 404', 404],
    ['a body that is not JSON', 'not json'],
  ] as const)('logs %s as an unexpected error, without retrying', async (_name, answer) => {
    const { errors, next, options } = setUp([answer]);
    expect((await fetchRemoteConfig(URL_, undefined, next, options)).status).toBe(400);
    expect(next).toHaveBeenCalledTimes(1);
    expect(errors).toEqual(['Unexpected error occurred']);
  });

  it('waits 5 s per attempt by default (spec §9)', async () => {
    vi.useFakeTimers();
    const { errors, next } = setUp(['hang', 200]);
    const logger = { debug: vi.fn(), warn: vi.fn(), error: (message: string) => void errors.push(message) };
    const pending = fetchRemoteConfig(URL_, undefined, next, { logger, sleep: async () => undefined });
    await vi.advanceTimersByTimeAsync(4999);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual([REMOTE_CONFIG_ERRORS.timeout]);
    expect((await pending).status).toBe(200);
    vi.useRealTimers();
  });
});

// The delays above come from an injected sleep; these run the module's own timer under fake timers.
describe('fetchRemoteConfig on the real timer', () => {
  afterEach(() => vi.useRealTimers());

  /** Advances the clock by `ms` and says how many attempts were made by then. */
  async function attemptsAfter(next: ReturnType<typeof setUp>['next'], ms: number): Promise<number> {
    await vi.advanceTimersByTimeAsync(ms);
    return next.mock.calls.length;
  }

  it('retries a 429 after 1 s, then after 2 more, and no sooner (spec §9)', async () => {
    vi.useFakeTimers();
    const { errors, next, options } = setUp([429, 429, 200]);
    const pending = fetchRemoteConfig(URL_, undefined, next, { logger: options.logger });
    expect(await attemptsAfter(next, 0)).toBe(1);
    expect(await attemptsAfter(next, 999)).toBe(1);
    expect(await attemptsAfter(next, 1)).toBe(2);
    expect(await attemptsAfter(next, 1999)).toBe(2);
    expect(await attemptsAfter(next, 1)).toBe(3);
    expect(await (await pending).json()).toEqual(CONFIG);
    expect(errors).toEqual([]);
    // Each attempt's 5 s timeout is cleared once it is answered.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up on the third 429 without waiting again', async () => {
    vi.useFakeTimers();
    const { errors, next, options } = setUp([429, 429, 429, 200]);
    const pending = fetchRemoteConfig(URL_, undefined, next, { logger: options.logger });
    expect(await attemptsAfter(next, 3000)).toBe(3);
    expect((await pending).status).toBe(400);
    expect(errors).toEqual([REMOTE_CONFIG_ERRORS.retriesUsedUp]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('remoteConfigRoute', () => {
  it('runs the rules once per page load, however often the SDK asks, and ignores the SDK abort signal', async () => {
    const { errors, next, options } = setUp([500, 500, 500]);
    const route = remoteConfigRoute('http://localhost:4100/amplitude/config/', options);
    const sdkAbort = new AbortController();
    sdkAbort.abort();
    const first = await route.handle(URL_, { method: 'GET', signal: sdkAbort.signal }, next);
    const second = await route.handle(URL_, { method: 'GET' }, next);
    expect([first.status, second.status]).toEqual([400, 400]);
    expect(next).toHaveBeenCalledTimes(3);
    expect(errors).toEqual([REMOTE_CONFIG_ERRORS.retriesUsedUp]);
    expect(next.mock.calls[0]?.[1]?.signal).not.toBe(sdkAbort.signal);
  });

  it('asks with a GET and the SDK headers, whatever form the SDK gives the URL in', async () => {
    for (const input of [URL_, new URL(URL_), new Request(URL_)]) {
      const { next, options } = setUp([200]);
      const route = remoteConfigRoute('http://localhost:4100/amplitude/config/', options);
      await route.handle(input, { method: 'POST', headers: { 'X-Client': 'sdk' } }, next);
      expect(next).toHaveBeenCalledOnce();
      const [url, init] = next.mock.calls[0]!;
      expect(url).toBe(URL_);
      expect([init?.method, init?.headers]).toEqual(['GET', { 'X-Client': 'sdk' }]);
    }
  });

  it('answers the SDK with an empty JSON config once it gave up', async () => {
    const { next, options } = setUp([404]);
    const response = await remoteConfigRoute('http://localhost:4100/amplitude/config/', options).handle(
      URL_,
      undefined,
      next,
    );
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({});
  });

  it('hands each request a readable copy of the config', async () => {
    const { next, options } = setUp([200]);
    const route = remoteConfigRoute('http://localhost:4100/amplitude/config/', options);
    expect(await (await route.handle(URL_, undefined, next)).json()).toEqual(CONFIG);
    expect(await (await route.handle(URL_, undefined, next)).json()).toEqual(CONFIG);
  });
});
