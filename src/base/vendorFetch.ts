/**
 * Amplitude's remote-config client, Segment's batch sender and Datadog's transport call the global
 * `fetch` and take no fetch of ours, so the spec rules they miss (spec §8: remote-config retries
 * and errors, 429 with x-ratelimit-reset) and a withdrawal's stop are applied here: `fetch` is
 * wrapped once, and a request whose URL starts with a route's prefix goes through that route.
 * Every other request passes through untouched.
 */
export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface FetchRoute {
  /** Absolute URL prefix of the requests this route handles. */
  prefix: string;
  handle(input: RequestInfo | URL, init: RequestInit | undefined, next: Fetch): Promise<Response>;
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The wrapper itself, given the fetch it wraps; exported for tests. */
export function routedFetch(next: Fetch, routes: readonly FetchRoute[]): Fetch {
  return (input, init) => {
    const url = urlOf(input);
    const route = routes.find((candidate) => url.startsWith(candidate.prefix));
    return route ? route.handle(input, init, next) : next(input, init);
  };
}

const routesOf = new WeakMap<object, FetchRoute[]>();

/** Adds a route to the scope's `fetch` (the page's by default), wrapping it on first use; `first` puts it before the others. */
export function installFetchRoute(
  route: FetchRoute,
  scope: { fetch: Fetch } = globalThis,
  { first = false } = {},
): void {
  let routes = routesOf.get(scope);
  if (!routes) {
    routes = [];
    routesOf.set(scope, routes);
    const original = scope.fetch;
    scope.fetch = routedFetch((input, init) => original(input, init), routes);
  }
  if (first) routes.unshift(route);
  else routes.push(route);
}

/**
 * What a stopped vendor's request gets (stopFetches): an answer from the page itself that each
 * SDK reads as delivered (Amplitude's `{code}` body, Segment's and Datadog's status), so it drops
 * the events it still held instead of keeping them to retry.
 */
const delivered = () => new Response('{"code":200}', { status: 200, headers: { 'content-type': 'application/json' } });

type Beacon = (url: string | URL, data?: BodyInit | null) => boolean;
const stoppedBeacons = new WeakMap<object, string[]>();

/** Datadog sends its last batch with `navigator.sendBeacon` as the page goes: those stop too. */
function stopBeacons(prefixes: readonly string[], navigator: { sendBeacon?: Beacon } | undefined): void {
  if (!navigator?.sendBeacon) return;
  let stopped = stoppedBeacons.get(navigator);
  if (!stopped) {
    stopped = [];
    stoppedBeacons.set(navigator, stopped);
    const original = navigator.sendBeacon.bind(navigator);
    const list = stopped;
    // True: what the SDK reads as sent, so it does not try again with fetch.
    navigator.sendBeacon = (url, data) => list.some((prefix) => String(url).startsWith(prefix)) || original(url, data);
  }
  stopped.push(...prefixes);
}

/**
 * Consent withdrawn: from now on no request to these URL prefixes leaves the page, by fetch or
 * beacon, whatever an SDK still had queued or sends as it stops (Datadog's last batch, Segment's on
 * pagehide).
 */
export function stopFetches(
  prefixes: readonly string[],
  scope: { fetch: Fetch; navigator?: { sendBeacon?: Beacon } } = globalThis,
): void {
  for (const prefix of prefixes) installFetchRoute({ prefix, handle: async () => delivered() }, scope, { first: true });
  stopBeacons(prefixes, scope.navigator);
}
