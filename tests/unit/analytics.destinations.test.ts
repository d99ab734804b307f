// The two destinations (Amplitude, Segment): spec §9 constants as the SDKs receive them, how
// wrapper events map onto each SDK (§7), and what a new anonymous id does to each (§4).
import { amplitudeOptions, AMPLITUDE_PAGE_EVENT, sendToAmplitude } from '@/analytics/amplitudeDestination';
import {
  resetSegmentIdentity,
  segmentApiHost,
  segmentLoadOptions,
  segmentPage,
  sendToSegment,
} from '@/analytics/segmentDestination';
import type { AnalyticsEvent } from '@/analytics/types';

const context = { isBot: false, anonymousId: '3f1c1f6e-0a4c-4d43-9a7e-1d2b3c4d5e6f', sessionId: 1_700_000_000_000 };

describe('Amplitude options', () => {
  const options = amplitudeOptions(
    {
      apiKey: 'k',
      serverUrl: 'http://localhost:4100/amplitude/2/httpapi',
      remoteConfigUrl: 'http://localhost:4100/amplitude/config',
    },
    context,
    true,
  );

  it('carry the delivery, session and identity constants', () => {
    expect(options).toMatchObject({
      serverZone: 'US',
      serverUrl: 'http://localhost:4100/amplitude/2/httpapi',
      flushIntervalMillis: 1000,
      flushQueueSize: 30,
      flushMaxRetries: 5,
      sessionTimeout: 1_800_000,
      sessionId: context.sessionId,
      deviceId: context.anonymousId,
      cookieOptions: { expiration: 365, sameSite: 'Lax', secure: true },
      remoteConfig: { fetchRemoteConfig: true, serverUrl: 'http://localhost:4100/amplitude/config' },
      enableDiagnostics: false,
    });
  });

  it('autocapture: SDK page views per path, default elements, 5xx network capture; attribution and URL enrichment off (issue 36 item 2)', () => {
    expect(options.autocapture).toEqual({
      // Spec §7 "page viewed": on at start and on each client-side change of path.
      pageViews: { trackHistoryChanges: 'pathOnly' },
      sessions: true,
      fileDownloads: true,
      formInteractions: true,
      attribution: false,
      pageUrlEnrichment: false,
      elementInteractions: {
        cssSelectorAllowlist: [
          'a',
          'button',
          'input',
          'select',
          'textarea',
          'label',
          'video',
          'audio',
          '[contenteditable="true" i]',
        ],
        actionClickAllowlist: ['div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
      },
      networkTracking: { ignoreAmplitudeRequests: true, captureRules: [{ statusCodeRange: '500-599' }] },
    });
  });

  it('with only a key, uses the vendor endpoints', () => {
    const plain = amplitudeOptions({ apiKey: 'k' }, context, false);
    expect(plain).not.toHaveProperty('serverUrl');
    expect(plain.remoteConfig).toEqual({ fetchRemoteConfig: true });
  });

  it('maps wrapper events onto Amplitude calls', () => {
    const client = { track: vi.fn(), identify: vi.fn(), setUserId: vi.fn(), setGroup: vi.fn() };
    const send = (event: Partial<AnalyticsEvent>) =>
      sendToAmplitude(client as never, { messageId: 'm', ...event } as AnalyticsEvent);
    send({ type: 'page', name: 'Microsites', properties: { route: '/' } });
    expect(client.track).toHaveBeenLastCalledWith(AMPLITUDE_PAGE_EVENT, { name: 'Microsites', route: '/' });
    send({ type: 'track', name: 'Book Storage Clicked', properties: { slug: 'prague' } });
    expect(client.track).toHaveBeenLastCalledWith('Book Storage Clicked', { slug: 'prague' });
    send({ type: 'identify', userId: 'u1', traits: { locale: 'de' } });
    expect(client.setUserId).toHaveBeenCalledWith('u1');
    expect(client.identify.mock.calls[0]?.[0].getUserProperties()).toEqual({ $set: { locale: 'de' } });
    send({ type: 'group', groupId: 'g1', traits: {} });
    expect(client.setGroup).toHaveBeenCalledWith('group', 'g1');
  });
});

describe('Segment options', () => {
  it('split an API host URL into host and scheme', () => {
    expect(segmentApiHost('https://api.segment.io/v1')).toEqual({ apiHost: 'api.segment.io/v1', protocol: 'https' });
    expect(segmentApiHost('http://localhost:4100/segment/v1/')).toEqual({
      apiHost: 'localhost:4100/segment/v1',
      protocol: 'http',
    });
  });

  it('batch 10 events or 5 s, retry queue on, no automatic page view, identity cookie for a year', () => {
    expect(segmentLoadOptions({ writeKey: 'w', apiHost: 'http://localhost:4100/segment/v1' }, false)).toEqual({
      initialPageview: false,
      useQueryString: false,
      retryQueue: true,
      cookie: { maxage: 365, sameSite: 'Lax', secure: false },
      integrations: {
        'Segment.io': {
          apiHost: 'localhost:4100/segment/v1',
          protocol: 'http',
          deliveryStrategy: { strategy: 'batching', config: { size: 10, timeout: 5000, maxRetries: 10 } },
        },
      },
    });
  });

  it('with only a key, keeps the vendor API host', () => {
    expect(segmentLoadOptions({ writeKey: 'w' }, true).integrations['Segment.io']).not.toHaveProperty('apiHost');
  });

  it('a new anonymous id sets it and clears the traits Segment keeps (spec §4)', () => {
    // Segment merges stored traits into every identify, so old traits would follow the new id.
    let traits: Record<string, unknown> = { plan: 'gold' };
    let anonymousId = 'old';
    const client = {
      setAnonymousId: (id: string) => (anonymousId = id),
      user: () => ({ traits: (next: Record<string, unknown>) => void (traits = next) }),
    };
    resetSegmentIdentity(client as never, 'new-id');
    expect(anonymousId).toBe('new-id');
    expect(traits).toEqual({});
  });

  it('maps wrapper events onto Segment calls', () => {
    const client = { page: vi.fn(), track: vi.fn(), identify: vi.fn(), alias: vi.fn(), group: vi.fn() };
    const page = segmentPage(
      { origin: 'https://prague-bagberth.cz', pathname: '/de' },
      '?utm_source=news&gclid=CLICK',
      'https://www.google.com/search?q=x',
      'Prag',
    );
    const options = { context: { page } };
    const send = (event: Partial<AnalyticsEvent>) =>
      sendToSegment(client as never, { messageId: 'm', ...event } as AnalyticsEvent, page);
    send({ type: 'page', name: 'Microsites', properties: { route: '/' } });
    expect(client.page).toHaveBeenCalledWith(null, 'Microsites', { route: '/', ...page }, options);
    send({ type: 'identify', traits: { locale: 'en' } });
    expect(client.identify).toHaveBeenLastCalledWith(null, { locale: 'en' }, options);
    send({ type: 'identify', userId: 'u1', traits: {} });
    expect(client.identify).toHaveBeenLastCalledWith('u1', {}, options);
    send({ type: 'alias', userId: 'u2', previousId: 'u1' });
    expect(client.alias).toHaveBeenCalledWith('u2', 'u1');
    send({ type: 'group', groupId: 'g', traits: { plan: 'x' } });
    expect(client.group).toHaveBeenCalledWith('g', { plan: 'x' });
  });

  // Issue 36 item 2: Segment is given the page as the rule lets it travel, never reads it itself.
  it("gives Segment the page with the campaign, without the click id, and the referrer's origin", () => {
    expect(
      segmentPage(
        { origin: 'https://prague-bagberth.cz', pathname: '/de' },
        '?utm_source=news&gclid=CLICK&email=a%40b.example',
        'https://www.google.com/search?q=x',
        'Prag',
      ),
    ).toEqual({
      path: '/de',
      referrer: 'https://www.google.com',
      search: '?utm_source=news',
      title: 'Prag',
      url: 'https://prague-bagberth.cz/de?utm_source=news',
    });
  });
});
