// Spec §8 (Other handling: monitoring errors of type IgnoredEventCancel or IgnorableError are
// dropped before sending).
import type { LogsEvent } from '@datadog/browser-logs';
import type { RumEvent, RumEventDomainContext } from '@datadog/browser-rum';
import { IgnorableError, isIgnoredThrown, keepLogEvent, keepRumEvent, rumBeforeSend } from '@/monitoring/beforeSend';

/** A RUM error event as v7 builds it: the type is the thrown error's `name`. */
const rumError = (type: string | undefined, message = 'boom') => ({ type: 'error', error: { type, message, source: 'source' } }) as unknown as RumEvent;
const errorContext = (error: unknown) => ({ error }) as RumEventDomainContext;
const logError = (kind: string | undefined) => ({ message: 'boom', status: 'error', origin: 'source', error: { kind } }) as unknown as LogsEvent;

describe('keepRumEvent', () => {
  it.each(['IgnoredEventCancel', 'IgnorableError'])('drops an error event of type %s', (type) => {
    expect(keepRumEvent(rumError(type), errorContext(undefined))).toBe(false);
  });

  it.each(['Error', 'TypeError', 'ChunkLoadError', 'IgnorableErrorX', 'ignorableerror', undefined])('keeps an error event of type %s', (type) => {
    expect(keepRumEvent(rumError(type), errorContext(new Error('x')))).toBe(true);
  });

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

describe('keepLogEvent', () => {
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
  const global = { application: { locale: 'de', commitSha: 'abc' }, tenant: { host: 'prague-bagberth.cz', slug: 'prague', type: 'city' } };
  const beforeSend = rumBeforeSend(() => global);

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
