// @vitest-environment jsdom
// Next's router, as it is created, gets no middleware matchers, so it does not ask the server for
// the landing page again; every later question gets Next's own list (src/shell/routerStart.ts).
import Router from 'next/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRouterStartWithoutMiddleware } from '@/shell/routerStart';

vi.mock('next/router', () => ({ default: { router: null } }));

const NEXT_MATCHERS = [{ regexp: '^/$', originalSource: '/' }];
const page = window as { __MIDDLEWARE_MATCHERS?: unknown };
const routerCreated = () => Object.assign(Router, { router: {} });

afterEach(() => {
  Reflect.deleteProperty(page, '__MIDDLEWARE_MATCHERS');
  Object.assign(Router, { router: null });
});

describe('answerRouterStartWithoutMiddleware', () => {
  it('gives the router no matchers while it is created, and Next’s list once it exists', () => {
    answerRouterStartWithoutMiddleware();
    // What _clientMiddlewareManifest.js does, before the router is created.
    page.__MIDDLEWARE_MATCHERS = NEXT_MATCHERS;
    expect(page.__MIDDLEWARE_MATCHERS).toEqual([]);

    routerCreated();
    expect(page.__MIDDLEWARE_MATCHERS).toBe(NEXT_MATCHERS);
  });

  it('keeps a list that arrived before it', () => {
    page.__MIDDLEWARE_MATCHERS = NEXT_MATCHERS;
    answerRouterStartWithoutMiddleware();
    expect(page.__MIDDLEWARE_MATCHERS).toEqual([]);
    routerCreated();
    expect(page.__MIDDLEWARE_MATCHERS).toBe(NEXT_MATCHERS);
  });

  // Next waits for its manifest when the global is empty: after the start, it must stay so.
  it('leaves the global empty until Next’s list arrives', () => {
    answerRouterStartWithoutMiddleware();
    routerCreated();
    expect(page.__MIDDLEWARE_MATCHERS).toBeUndefined();
  });
});
