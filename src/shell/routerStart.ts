import Router from 'next/router';

type WithMatchers = { __MIDDLEWARE_MATCHERS?: unknown };

/**
 * Next's router asks, as it is created, whether the middleware matches the page's address. For a
 * landing page it always does (the middleware resolved the page from the Host), and Next then asks
 * the server for the page once more (a HEAD request for its data, through the middleware) and
 * renders it a second time, to learn a query the page was served with (docs/performance.md, "The
 * router starts without asking for the page again"). So the router's first question gets no
 * matchers; every later one, a language switch's included, gets the list Next's
 * `_clientMiddlewareManifest.js` sets in this global, which still loads with the page. The global
 * is Next's own, not an API: should a Next upgrade stop reading it, the start asks again, as
 * before, and tests/e2e/fast-pages.spec.ts says so.
 *
 * For pages/_app.tsx, before Next creates its router; nothing on the server.
 */
export function answerRouterStartWithoutMiddleware(): void {
  if (typeof window === 'undefined') return;
  const page = window as WithMatchers;
  let matchers = page.__MIDDLEWARE_MATCHERS;
  Object.defineProperty(page, '__MIDDLEWARE_MATCHERS', {
    configurable: true,
    // Next assigns its router once the constructor, which asks, has returned.
    get: () => (Router.router ? matchers : []),
    set: (value: unknown) => {
      matchers = value;
    },
  });
}
