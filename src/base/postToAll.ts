/**
 * One JSON POST to each of several endpoints at once, each tried up to `attempts` times (a network
 * error, a timeout or a 5xx is tried again after `backoffMs`, doubling; a 4xx is an answer): what
 * revalidation uses to tell every caching proxy in front to drop its copies (docs/deploy.md,
 * "On-demand revalidation"). Resolves with which endpoints took it and why the others did not.
 */
export interface Delivery {
  delivered: string[];
  failed: Array<{ url: string; reason: string }>;
}

export interface DeliveryOptions {
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
  send?: typeof fetch;
}

export async function postToAll(
  urls: readonly string[],
  body: unknown,
  { attempts = 3, backoffMs = 250, timeoutMs = 10_000, send = fetch }: DeliveryOptions = {},
): Promise<Delivery> {
  const deliver = async (url: string): Promise<string | undefined> => {
    let reason = '';
    let attempt = 0;
    while (attempt < attempts) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
      attempt += 1;
      try {
        const answer = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (answer.ok) return undefined;
        reason = `answered ${answer.status}`;
        if (answer.status < 500) break;
      } catch (error) {
        // fetch's "fetch failed" says nothing; its cause says what (ECONNREFUSED, a timeout).
        reason =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      }
    }
    return `${reason}, after ${attempt} attempt${attempt === 1 ? '' : 's'}`;
  };
  const outcomes = await Promise.all(urls.map(async (url) => ({ url, reason: await deliver(url) })));
  return {
    delivered: outcomes.filter((outcome) => outcome.reason === undefined).map((outcome) => outcome.url),
    failed: outcomes.flatMap(({ url, reason }) => (reason === undefined ? [] : [{ url, reason }])),
  };
}
