/**
 * Amplitude's remote-config client and Segment's batch sender call the global `fetch` and take no
 * fetch of ours, so the spec rules they miss (spec §8: remote-config retries and errors, 429 with
 * x-ratelimit-reset) are applied here: `fetch` is wrapped once, and a request whose URL starts
 * with a route's prefix goes through that route. Every other request passes through untouched.
 */
export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface FetchRoute {
  /** Absolute URL prefix of the requests this route handles. */
  prefix: string;
  handle(input: RequestInfo | URL, init: RequestInit | undefined, next: Fetch): Promise<Response>;
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/** The wrapper itself, given the fetch it wraps; exported for tests. */
export function routedFetch(next: Fetch, routes: readonly FetchRoute[]): Fetch {
  return (input, init) => {
    const url = urlOf(input);
    const route = routes.find((candidate) => url.startsWith(candidate.prefix));
    return route ? route.handle(input, init, next) : next(input, init);
  };
}

const routesOf = new WeakMap<object, FetchRoute[]>();

/** Adds a route to the scope's `fetch` (the page's by default), wrapping it on first use. */
export function installFetchRoute(route: FetchRoute, scope: { fetch: Fetch } = globalThis): void {
  let routes = routesOf.get(scope);
  if (!routes) {
    routes = [];
    routesOf.set(scope, routes);
    const original = scope.fetch;
    scope.fetch = routedFetch((input, init) => original(input, init), routes);
  }
  routes.push(route);
}
