// The wrapper facade (src/analytics/Analytics.ts): spec §4 (setup states, anonymous id change),
// §5 (event checks) and §8 (error messages). The queue rules live in the first-load buffer
// (analytics.firstLoadBuffer.test.ts).
import { Analytics, SCREEN_UNSUPPORTED, type SetupContext, type Visitor } from '@/analytics/Analytics';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import { ANALYTICS_EVENTS } from '@/analytics/events';
import type { AnalyticsEvent, Destination } from '@/analytics/types';
import { validateEvent } from '@/analytics/validateEvent';

const event = (type: AnalyticsEvent['type'], fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  type,
  messageId: `${type}-${Math.random()}`,
  ...fields,
});
const identity: SetupContext = { anonymousId: '3f1c1f6e-0a4c-4d43-9a7e-1d2b3c4d5e6f', sessionId: 1_700_000_000_000 };
const context: Visitor = { isBot: false, identity: () => identity };
const config: AnalyticsConfig = {
  amplitude: { apiKey: 'amp-key-1234567890abcdef' },
  segment: { writeKey: 'seg-key-1234567890abcdef' },
};

function recordingDestination(name = 'Recorder') {
  const sent: AnalyticsEvent[] = [];
  const anonymousIds: string[] = [];
  const stopped = { count: 0 };
  const destination: Destination = {
    name,
    send: (e) => sent.push(e),
    setAnonymousId: (id) => anonymousIds.push(id),
    stop: async () => void (stopped.count += 1),
  };
  return { destination, sent, anonymousIds, stopped };
}

function makeAnalytics(destinations: Destination[] = [recordingDestination().destination]) {
  const logs: Record<'debug' | 'warn' | 'error', string[]> = { debug: [], warn: [], error: [] };
  const logger = {
    debug: (m: string) => logs.debug.push(m),
    warn: (m: string) => logs.warn.push(m),
    error: (m: string) => logs.error.push(m),
  };
  const loader = vi.fn(async () => destinations);
  return { analytics: new Analytics(loader, logger), loader, logs };
}

describe('validateEvent (spec §5, §8)', () => {
  it.each([
    ['a missing event', undefined, 'Event missing'],
    ['a null event', null, 'Event missing'],
    ['a track without a name', { type: 'track', messageId: 'm', properties: {} }, 'Event missing'],
    ['a type that is not a string', { type: 5, messageId: 'm' }, 'type is not a string'],
    ['a missing type', { messageId: 'm' }, 'type is nil'],
    ['a messageId that is not a string', { type: 'page', messageId: 7 }, 'messageId is not a string'],
    [
      'a track name that is not a string',
      { type: 'track', messageId: 'm', name: 42, properties: {} },
      'name is not a string',
    ],
    [
      'track properties that are not an object',
      { type: 'track', messageId: 'm', name: 'X', properties: 'p' },
      'properties is not an object',
    ],
    [
      'track properties that are nil',
      { type: 'track', messageId: 'm', name: 'X', properties: null },
      'properties is nil',
    ],
    [
      'identify traits that are not an object',
      { type: 'identify', messageId: 'm', traits: [] },
      'traits is not an object',
    ],
    ['group traits that are nil', { type: 'group', messageId: 'm' }, 'traits is nil'],
  ])('rejects %s', (_name, candidate, message) => {
    expect(() => validateEvent(candidate)).toThrow(new RegExp(`^${message}$`));
  });

  it('accepts well-formed events', () => {
    expect(() => validateEvent(event('track', { name: 'X', properties: {} }))).not.toThrow();
    expect(() => validateEvent(event('identify', { traits: {} }))).not.toThrow();
    expect(() => validateEvent(event('page', { name: 'Microsites' }))).not.toThrow();
  });
});

describe('Analytics setup (spec §4)', () => {
  it('goes not set up → setting up → set up', async () => {
    let release: (d: Destination[]) => void = () => undefined;
    const loader = vi.fn(() => new Promise<Destination[]>((resolve) => (release = resolve)));
    const analytics = new Analytics(loader, { debug: () => undefined, warn: () => undefined, error: () => undefined });
    expect(analytics.state).toBe('not set up');
    const setup = analytics.setup(config, context);
    expect(analytics.state).toBe('setting up');
    release([recordingDestination().destination]);
    await expect(setup).resolves.toBe(true);
    expect(analytics.state).toBe('set up');
  });

  it('with no config: disables tracking for good, says why', async () => {
    const { analytics, loader, logs } = makeAnalytics();
    await expect(analytics.setup(undefined, context)).resolves.toBe(false);
    analytics.track('After', {});
    expect(loader).not.toHaveBeenCalled();
    expect(logs.debug.join()).toContain('no config given; tracking disabled and queue cleared');
    expect(logs.error).toEqual([]);
  });

  it.each([
    ['there is no key', {}, context, 'no key configured'],
    ['the visitor is a bot', config, { ...context, isBot: true }, 'visitor is a bot'],
  ])('does nothing, and reads or writes no identity, when %s', async (_name, cfg, visitor, reason) => {
    const { analytics, loader, logs } = makeAnalytics();
    const identify = vi.fn(visitor.identity);
    await expect(analytics.setup(cfg, { ...visitor, identity: identify })).resolves.toBe(false);
    expect(loader).not.toHaveBeenCalled();
    expect(identify).not.toHaveBeenCalled();
    expect(analytics.state).toBe('not set up');
    expect(logs.debug.join()).toContain(reason);
  });

  it('starts the clients with the identity it reads once the checks pass', async () => {
    const { analytics, loader } = makeAnalytics();
    await analytics.setup(config, context);
    expect(loader).toHaveBeenCalledWith(config, identity, expect.any(Function));
  });

  it('does nothing when setup is running or done', async () => {
    const { analytics, loader, logs } = makeAnalytics();
    const first = analytics.setup(config, context);
    await expect(analytics.setup(config, context)).resolves.toBe(false);
    expect(logs.debug.join()).toContain('setup already running');
    await first;
    await expect(analytics.setup(config, context)).resolves.toBe(false);
    expect(logs.debug.join()).toContain('setup already done');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('logs the keys cut to 10 characters, never whole', async () => {
    const { analytics, logs } = makeAnalytics();
    await analytics.setup(config, context);
    const all = Object.values(logs).flat().join('\n');
    expect(all).toContain('amp-key-12…');
    expect(all).toContain('seg-key-12…');
    expect(all).not.toContain('amp-key-1234567890abcdef');
  });

  it('sends to every client once set up, and nothing before (the first-load buffer holds early calls)', async () => {
    const a = recordingDestination('A');
    const b = recordingDestination('B');
    const { analytics, logs } = makeAnalytics([a.destination, b.destination]);
    analytics.track('Too early', {});
    await analytics.setup(config, context);
    analytics.page('Microsites', { route: '/[slug]/[type]' });
    analytics.track('Late', {});
    for (const { sent } of [a, b])
      expect(sent.map((e) => `${e.type}:${e.name ?? ''}`)).toEqual(['page:Microsites', 'track:Late']);
    expect(logs.error).toEqual(['analytics: dropped track event sent before setup']);
  });

  it('drops an invalid event with its spec message instead of throwing', async () => {
    const a = recordingDestination('A');
    const { analytics, logs } = makeAnalytics([a.destination]);
    await analytics.setup(config, context);
    analytics.track('', {});
    analytics.track('Bad', 'nope' as unknown as Record<string, unknown>);
    expect(a.sent).toEqual([]);
    expect(logs.error).toEqual([
      'analytics: dropped track event: Event missing',
      'analytics: dropped track event: properties is not an object',
    ]);
  });

  it('throws on screen', () => {
    expect(() => makeAnalytics().analytics.screen()).toThrow(SCREEN_UNSUPPORTED);
    expect(SCREEN_UNSUPPORTED).toBe('screen method is only supported on native');
  });

  it('getUser returns ids and never traits', async () => {
    const { analytics } = makeAnalytics();
    await analytics.setup(config, context);
    analytics.identify('user-9', { plan: 'gold' });
    expect(analytics.getUser()).toEqual({ userId: 'user-9', anonymousId: identity.anonymousId, traits: {} });
  });

  // The traits each client keeps are cleared by its setAnonymousId (analytics.destinations.test.ts).
  it('a new anonymous id updates every client and is tracked as Anonymous ID Set, once', async () => {
    const a = recordingDestination('A');
    const { analytics } = makeAnalytics([a.destination]);
    await analytics.setup(config, context);
    analytics.setAnonymousId('9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(a.anonymousIds).toEqual(['9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d']);
    expect(a.sent.at(-1)).toMatchObject({
      type: 'track',
      name: 'Anonymous ID Set',
      properties: { anonymousId: '9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d' },
    });
    expect(ANALYTICS_EVENTS.identity.anonymousIdSet).toBe('Anonymous ID Set');
    analytics.setAnonymousId('9b2e4c1a-5d6f-4a7b-8c9d-0e1f2a3b4c5d');
    expect(a.sent.filter((e) => e.name === 'Anonymous ID Set')).toHaveLength(1);
  });

  it('a client that throws does not stop the others', async () => {
    const good = recordingDestination('Good');
    const bad: Destination = {
      name: 'Bad',
      send: () => {
        throw new Error('boom');
      },
      setAnonymousId: () => undefined,
      stop: async () => undefined,
    };
    const { analytics, logs } = makeAnalytics([bad, good.destination]);
    await analytics.setup(config, context);
    analytics.track('X', {});
    expect(good.sent.map((e) => e.name)).toEqual(['X']);
    expect(logs.error).toEqual(['analytics: Bad failed to send track: boom']);
  });

  it('stopped (consent withdrawn): every client stops once, and later calls reach none', async () => {
    const a = recordingDestination('A');
    const b = recordingDestination('B');
    const { analytics } = makeAnalytics([a.destination, b.destination]);
    await analytics.setup(config, context);
    analytics.track('Before', {});
    await analytics.stop();
    analytics.track('After', {});
    analytics.page('After');
    expect([a.stopped.count, b.stopped.count]).toEqual([1, 1]);
    expect(a.sent.map((e) => e.name)).toEqual(['Before']);
  });

  it('stopped while its clients load: they stop once loaded, and stop() waits for that', async () => {
    const a = recordingDestination('A');
    let release: (d: Destination[]) => void = () => undefined;
    const analytics = new Analytics(() => new Promise<Destination[]>((resolve) => (release = resolve)), {
      debug: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    const setup = analytics.setup(config, context);
    let stopped = false;
    const stopping = analytics.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release([a.destination]);
    await Promise.all([setup, stopping]);
    expect(a.stopped.count).toBe(1);
    analytics.track('After', {});
    expect(a.sent).toEqual([]);
  });

  it('stopped while the second client loads: the first, already running, stops at once', async () => {
    const a = recordingDestination('A');
    const b = recordingDestination('B');
    let release: (d: Destination[]) => void = () => undefined;
    const loader = vi.fn((_config: AnalyticsConfig, _context: SetupContext, started?: (d: Destination) => void) => {
      started?.(a.destination);
      return new Promise<Destination[]>((resolve) => (release = resolve));
    });
    const analytics = new Analytics(loader, { debug: () => undefined, warn: () => undefined, error: () => undefined });
    const setup = analytics.setup(config, context);
    const stopping = analytics.stop();
    expect([a.stopped.count, b.stopped.count]).toEqual([1, 0]);
    release([a.destination, b.destination]);
    await Promise.all([setup, stopping]);
    expect([a.stopped.count, b.stopped.count]).toEqual([1, 1]);
  });

  it('stopped before any setup, or while its clients fail to load: resolves, and nothing is sent', async () => {
    const idle = makeAnalytics();
    await expect(idle.analytics.stop()).resolves.toBeUndefined();
    const failing = new Analytics(() => Promise.reject(new Error('offline')), {
      debug: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    const setup = failing.setup(config, context);
    await expect(failing.stop()).resolves.toBeUndefined();
    await expect(setup).resolves.toBe(false);
  });

  it('a client whose stop fails does not keep the others from stopping', async () => {
    const good = recordingDestination('Good');
    const bad: Destination = {
      name: 'Bad',
      send: () => undefined,
      setAnonymousId: () => undefined,
      stop: () => Promise.reject(new Error('boom')),
    };
    const { analytics } = makeAnalytics([bad, good.destination]);
    await analytics.setup(config, context);
    await expect(analytics.stop()).resolves.toBeUndefined();
    expect(good.stopped.count).toBe(1);
  });
});
