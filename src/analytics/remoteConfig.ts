import type { AnalyticsLogger } from './types';
import type { Fetch, FetchRoute } from '@/base/vendorFetch';

/** Spec §8 messages, logged as errors. */
export const REMOTE_CONFIG_ERRORS = {
  timeout: 'Remote config fetch rejected due to timeout after 5 seconds',
  retriesUsedUp: 'Remote config fetch rejected due to exceeded retry count',
  network: 'Network error occurred, remote config fetch failed',
  unexpected: 'Unexpected error occurred',
} as const;

/** Spec §9: remote-config timeout 5 s, per attempt. */
const REMOTE_CONFIG_TIMEOUT_MS = 5000;
/** Spec §9: the retry delay is attempts × 1000 ms, so it grows: 1 s, then 2 s. */
const REMOTE_CONFIG_RETRY_DELAY_MS = 1000;
/** The spec gives no count for this call; 3 attempts is what the SDK itself makes. */
const REMOTE_CONFIG_ATTEMPTS = 3;

/**
 * The answer the SDK gets once we gave up: a 4xx other than 401, 403 and 429 is the only answer on
 * which Amplitude's remote-config client stops without retrying; it then keeps the local config.
 */
const GAVE_UP_STATUS = 400;

type Attempt = { ok: true; response: Response } | { ok: false; retry: boolean; error?: string };

export interface RemoteConfigOptions {
  logger: AnalyticsLogger;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt(url: string, init: RequestInit | undefined, next: Fetch, timeoutMs: number): Promise<Attempt> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    // The SDK's own signal aborts after 1 s; ours is the spec's 5 s.
    const response = await next(url, { ...init, signal: abort.signal });
    if (response.ok) {
      // Checked here so a body the SDK cannot read is reported with the spec's message.
      await response.clone().json();
      return { ok: true, response };
    }
    if (response.status >= 500 || response.status === 429) return { ok: false, retry: true };
    return { ok: false, retry: false, error: REMOTE_CONFIG_ERRORS.unexpected };
  } catch (error) {
    if (abort.signal.aborted) return { ok: false, retry: true, error: REMOTE_CONFIG_ERRORS.timeout };
    if (error instanceof TypeError) return { ok: false, retry: true, error: REMOTE_CONFIG_ERRORS.network };
    return { ok: false, retry: false, error: REMOTE_CONFIG_ERRORS.unexpected };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Spec §4 and §8: fetches the remote config, retrying a failed (5xx, 429, network, timeout) fetch
 * after 1 s, then 2 s; a timeout, a network failure, retries used up and anything else are each
 * logged as an error with the spec's message. Resolves to the answer the SDK should see.
 */
export async function fetchRemoteConfig(
  url: string,
  init: RequestInit | undefined,
  next: Fetch,
  options: RemoteConfigOptions,
): Promise<Response> {
  const { logger, sleep = wait, timeoutMs = REMOTE_CONFIG_TIMEOUT_MS } = options;
  for (let attempts = 1; ; attempts += 1) {
    const result = await attempt(url, init, next, timeoutMs);
    if (result.ok) return result.response;
    if (result.error) logger.error(result.error);
    if (!result.retry) break;
    if (attempts >= REMOTE_CONFIG_ATTEMPTS) {
      logger.error(REMOTE_CONFIG_ERRORS.retriesUsedUp);
      break;
    }
    await sleep(attempts * REMOTE_CONFIG_RETRY_DELAY_MS);
  }
  return new Response('{}', { status: GAVE_UP_STATUS, headers: { 'content-type': 'application/json' } });
}

/**
 * A fetch route for Amplitude's remote-config endpoint. Amplitude's browser SDK (2.47.1) fetches
 * it itself: 3 tries, each cut at 1 s, a random pause under 333 ms between them (not growing),
 * failures logged only at debug level, and its browser client passes no fetch of ours
 * (RemoteConfigClient gets apiKey, logger, zone and URL only). So its requests are answered here,
 * by the spec's rules. The SDK asks more than once per page load (once per config key it
 * subscribes to); the first outcome is reused, so the rules run, and errors are logged, once.
 */
export function remoteConfigRoute(serverUrl: string, options: RemoteConfigOptions): FetchRoute {
  let outcome: Promise<Response> | undefined;
  return {
    prefix: serverUrl,
    async handle(input, init, next) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      // The SDK's abort signal is left out: the spec's timeout applies, not the SDK's.
      const headers = init?.headers;
      outcome ??= fetchRemoteConfig(url, { method: 'GET', headers }, next, options);
      return (await outcome).clone();
    },
  };
}
