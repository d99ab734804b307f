/** Spec §7 call 1: the marketing site's bot check. */
const BOT_CHECK_PATH = '/api/is-bot';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

let verdict: Promise<boolean> | undefined;

async function askServer(fetchImpl: Fetch, userAgent: string): Promise<boolean> {
  try {
    const response = await fetchImpl(BOT_CHECK_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || typeof (body as { isBot?: unknown }).isBot !== 'boolean') {
      throw new Error('malformed answer');
    }
    return (body as { isBot: boolean }).isBot;
  } catch {
    // A failed answer falls back to checking the user agent here (spec §7).
    const { isbot } = await import('isbot');
    return isbot(userAgent);
  }
}

/** Asks once per page load; analytics and monitoring share the answer. */
export function detectBot(
  fetchImpl: Fetch = (input, init) => fetch(input, init),
  userAgent = navigator.userAgent,
): Promise<boolean> {
  verdict ??= askServer(fetchImpl, userAgent);
  return verdict;
}

/** For tests: forget the cached verdict. */
export function resetBotDetection(): void {
  verdict = undefined;
}
