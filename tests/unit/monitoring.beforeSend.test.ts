// Spec §8 (Other handling: monitoring errors of type IgnoredEventCancel or IgnorableError are
// dropped before sending).
import type { LogsEvent } from '@datadog/browser-logs';
import type { RumEvent, RumEventDomainContext } from '@datadog/browser-rum';
import { IgnorableError, isIgnoredThrown, keepRumEvent, logsBeforeSend, rumBeforeSend } from '@/monitoring/beforeSend';

/** A RUM error event as v7 builds it: the type is the thrown error's `name`. */
const rumError = (type: string | undefined, message = 'boom') =>
  ({ type: 'error', error: { type, message, source: 'source' } }) as unknown as RumEvent;
const errorContext = (error: unknown) => ({ error }) as RumEventDomainContext;
const ORIGIN = 'https://prague-bagberth.cz';
const logError = (kind: string | undefined) =>
  ({ message: 'boom', status: 'error', origin: 'source', error: { kind } }) as unknown as LogsEvent;

describe('keepRumEvent', () => {
  it.each(['IgnoredEventCancel', 'IgnorableError'])('drops an error event of type %s', (type) => {
    expect(keepRumEvent(rumError(type), errorContext(undefined))).toBe(false);
  });

  it.each(['Error', 'TypeError', 'ChunkLoadError', 'IgnorableErrorX', 'ignorableerror', undefined])(
    'keeps an error event of type %s',
    (type) => {
      expect(keepRumEvent(rumError(type), errorContext(new Error('x')))).toBe(true);
    },
  );

  it('drops an error whose class is ignored even though it never set a name (type "Error")', () => {
    class IgnoredEventCancel extends Error {}
    expect(keepRumEvent(rumError('Error'), errorContext(new IgnoredEventCancel('cancelled')))).toBe(false);
  });

  it('drops subclasses of an ignored class', () => {
    class IgnorableError extends Error {}
    class PopupClosed extends IgnorableError {}
    expect(keepRumEvent(rumError('Error'), errorContext(new PopupClosed()))).toBe(false);
  });

  it('drops a rejected plain object that names an ignored type', () => {
    expect(keepRumEvent(rumError(undefined), errorContext({ name: 'IgnoredEventCancel' }))).toBe(false);
  });

  it.each([
    ['view', { type: 'view', view: { id: 'v1' } }],
    ['action', { type: 'action', action: { type: 'click' } }],
    ['resource', { type: 'resource', resource: { type: 'fetch', url: 'https://example.org' } }],
    ['long_task', { type: 'long_task', long_task: { duration: 60 } }],
  ])('keeps a %s event', (_name, event) => {
    expect(keepRumEvent(event as unknown as RumEvent, {} as RumEventDomainContext)).toBe(true);
  });

  it('keeps events without a domain context', () => {
    expect(keepRumEvent(rumError('TypeError'))).toBe(true);
  });
});

describe('logsBeforeSend', () => {
  const keepLogEvent = logsBeforeSend(() => ORIGIN);
  it.each(['IgnoredEventCancel', 'IgnorableError'])('drops a forwarded error of kind %s', (kind) => {
    expect(keepLogEvent(logError(kind))).toBe(false);
  });

  it('keeps other errors and plain logs', () => {
    expect(keepLogEvent(logError('TypeError'))).toBe(true);
    expect(keepLogEvent({ message: 'hello', status: 'info', origin: 'logger' } as unknown as LogsEvent)).toBe(true);
  });
});

describe('IgnorableError', () => {
  it('reports its own name, so the SDK types it as ignorable even in a minified build', () => {
    const error = new IgnorableError('expected');
    expect(error.name).toBe('IgnorableError');
    expect(error).toBeInstanceOf(Error);
    expect(isIgnoredThrown(error)).toBe(true);
  });

  it.each([null, undefined, 'IgnorableError', 42, new Error('other'), {}])('is not matched by %o', (thrown) => {
    expect(isIgnoredThrown(thrown)).toBe(false);
  });
});

describe('rumBeforeSend', () => {
  const global = {
    application: { locale: 'de', commitSha: 'abc' },
    tenant: { host: 'prague-bagberth.cz', slug: 'prague', type: 'city' },
  };
  const beforeSend = rumBeforeSend(
    () => global,
    () => ORIGIN,
  );

  it('gives view events the global context, keeping their own keys', () => {
    const view = { type: 'view', view: { id: 'v1' }, context: { own: 1 } } as unknown as RumEvent;
    expect(beforeSend(view)).toBe(true);
    expect(view.context).toEqual({ ...global, own: 1 });
  });

  it('leaves other events to the SDK and still drops ignored errors', () => {
    const action = { type: 'action', action: { type: 'click' } } as unknown as RumEvent;
    expect(beforeSend(action)).toBe(true);
    expect(action.context).toBeUndefined();
    expect(beforeSend(rumError('IgnorableError'), errorContext(undefined))).toBe(false);
  });
});

// Issue 36 item 2 (docs/consent.md, "What travels with a page view"): monitoring gets no query,
// no fragment and only a referrer's origin, in every field Datadog lets beforeSend change.
describe('what RUM and logs send of an address', () => {
  const beforeSend = rumBeforeSend(
    () => ({}),
    () => ORIGIN,
  );
  const landing = `${ORIGIN}/de?gclid=CLICK&utm_source=news&email=a%40b.example#top`;

  it("a view: its path, and the referrer's origin", () => {
    const view = {
      type: 'view',
      view: { id: 'v', url: landing, referrer: 'https://www.google.com/search?q=luggage' },
    } as unknown as RumEvent;
    beforeSend(view);
    expect(view.view).toMatchObject({ url: `${ORIGIN}/de`, referrer: 'https://www.google.com' });
  });

  it('a resource, an error and its stack: no query anywhere', () => {
    const resource = {
      type: 'resource',
      view: { url: landing },
      resource: { url: `${ORIGIN}/_next/data/b/de.json?gclid=CLICK` },
    } as unknown as RumEvent;
    beforeSend(resource);
    expect((resource as { resource: { url: string } }).resource.url).toBe(`${ORIGIN}/_next/data/b/de.json`);
    const error = {
      type: 'error',
      view: { url: landing },
      error: {
        type: 'TypeError',
        message: `failed at ${landing}`,
        stack: `at f (${ORIGIN}/_next/a.js?v=1:1:2)`,
        resource: { url: landing },
      },
    } as unknown as RumEvent;
    beforeSend(error, errorContext(new TypeError('x')));
    expect(JSON.stringify(error)).not.toMatch(/CLICK|news|a%40b|#top|\?/);
    expect((error as { error: { message: string } }).error.message).toBe(`failed at ${ORIGIN}/de`);
  });

  it("a long task's scripts, which keep the address the document was loaded from, and a view's LCP image", () => {
    const task = {
      type: 'long_task',
      view: { url: landing },
      long_task: { scripts: [{ source_url: landing, invoker: `${landing} TimerHandler` }] },
    } as unknown as RumEvent;
    beforeSend(task);
    expect(JSON.stringify(task)).not.toMatch(/CLICK|news|a%40b|#top|\?/);
    const view = {
      type: 'view',
      view: { url: landing, performance: { lcp: { resource_url: `${ORIGIN}/_next/image?url=%2Fhero.jpg&w=640` } } },
    } as unknown as RumEvent;
    beforeSend(view);
    expect(
      (view as { view: { performance: { lcp: { resource_url: string } } } }).view.performance.lcp.resource_url,
    ).toBe(`${ORIGIN}/_next/image`);
  });

  it("an error's handling stack and an action's name lose their query; what an event lacks stays absent", () => {
    const error = {
      type: 'error',
      view: { url: landing },
      error: { type: 'TypeError', message: 'boom', handling_stack: `Error\n at h (${ORIGIN}/_next/a.js?v=1)` },
    } as unknown as RumEvent;
    beforeSend(error, errorContext(new TypeError('x')));
    expect(error).toMatchObject({
      view: { url: `${ORIGIN}/de` },
      error: { message: 'boom', handling_stack: `Error\n at h (${ORIGIN}/_next/a.js)` },
    });
    expect(Object.keys((error as { view: object }).view)).toEqual(['url']);
    expect(Object.keys((error as { error: object }).error)).toEqual(['type', 'message', 'handling_stack']);
    const bare = {
      type: 'error',
      view: { url: landing },
      error: { type: 'TypeError', message: 'boom' },
    } as unknown as RumEvent;
    beforeSend(bare, errorContext(new TypeError('x')));
    expect(Object.keys((bare as { error: object }).error)).toEqual(['type', 'message']);
    const action = {
      type: 'action',
      view: { url: landing },
      action: { type: 'click', target: { name: `Book ${landing}` } },
    } as unknown as RumEvent;
    beforeSend(action);
    expect((action as { action: { target: { name: string } } }).action.target.name).toBe(`Book ${ORIGIN}/de`);
    const custom = { type: 'action', view: { url: landing }, action: { type: 'custom' } } as unknown as RumEvent;
    expect(() => beforeSend(custom)).not.toThrow();
    expect((custom as { action: object }).action).toEqual({ type: 'custom' });
  });

  it('keeps no campaign for monitoring, though analytics may have it', () => {
    const view = { type: 'view', view: { url: `${ORIGIN}/de?utm_source=news`, referrer: '' } } as unknown as RumEvent;
    beforeSend(view);
    expect(view.view).toMatchObject({ url: `${ORIGIN}/de`, referrer: '' });
    const line = {
      message: `at ${ORIGIN}/de?utm_source=news`,
      status: 'info',
      origin: 'logger',
    } as unknown as LogsEvent;
    logsBeforeSend(() => ORIGIN)(line);
    expect(line.message).toBe(`at ${ORIGIN}/de`);
  });

  it('a log line: its text, view and http addresses', () => {
    const line = {
      message: `fetch ${landing} failed`,
      status: 'error',
      origin: 'network',
      view: { url: landing, referrer: 'https://mail.example/inbox/123' },
      http: { url: `https://api.example/x?token=t` },
    } as unknown as LogsEvent;
    expect(logsBeforeSend(() => ORIGIN)(line)).toBe(true);
    expect(line).toMatchObject({
      message: `fetch ${ORIGIN}/de failed`,
      view: { url: `${ORIGIN}/de`, referrer: 'https://mail.example' },
      http: { url: 'https://api.example/x' },
    });
  });
});
