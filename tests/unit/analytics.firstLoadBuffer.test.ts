// Spec §4: events arriving before the client exists are queued and flushed on setup: the page
// event first, then all identifies merged into one (later traits override, last userId kept),
// then the rest in order; only one page event is kept. Nothing is kept when analytics will never
// run. These run on the buffer the app really feeds (src/analytics/firstLoadBuffer.ts).
import type { BufferTarget } from '@/analytics/firstLoadBuffer';

async function freshBuffer() {
  vi.resetModules();
  return import('@/analytics/firstLoadBuffer');
}

function recordingTarget() {
  const calls: string[] = [];
  const identifies: Array<{ userId: string | undefined; traits: Record<string, unknown> }> = [];
  const target: BufferTarget = {
    page: (name, properties = {}) => void calls.push(`page:${name}:${String(properties.route)}`),
    track: (name) => void calls.push(`track:${name}`),
    identify: (userId, traits = {}) => {
      calls.push('identify');
      identifies.push({ userId, traits });
    },
  };
  return { target, calls, identifies };
}

describe('first-load call buffer (spec §4 queue rules)', () => {
  it('flushes the page first, then one merged identify, then the rest in arrival order', async () => {
    const buffer = await freshBuffer();
    buffer.trackEvent('Book Storage Clicked', { slug: 'prague', type: 'city', locale: 'en', placement: 'hero' });
    buffer.identify('u1', { a: 1, b: 1 });
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    buffer.sendPageView('/[slug]/[type]', 'en');
    buffer.identify(undefined, { b: 2, c: 2 });
    buffer.identify('u3', { c: 3 });
    buffer.trackEvent('Language Switched', { from: 'en', to: 'de' });
    const { target, calls, identifies } = recordingTarget();
    buffer.connect(target);
    expect(calls).toEqual([
      'page:Microsites:/[slug]/[type]',
      'identify',
      'track:Book Storage Clicked',
      'track:FAQ Opened',
      'track:Language Switched',
    ]);
    expect(identifies).toEqual([{ userId: 'u3', traits: { a: 1, b: 2, c: 3 } }]);
  });

  it('keeps only the newest page event', async () => {
    const buffer = await freshBuffer();
    buffer.sendPageView('/first', 'en');
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    buffer.sendPageView('/second', 'de');
    const { target, calls } = recordingTarget();
    buffer.connect(target);
    expect(calls).toEqual(['page:Microsites:/second', 'track:FAQ Opened']);
  });

  it('keeps the last userId given even when later identifies give none', async () => {
    const buffer = await freshBuffer();
    buffer.identify('u1', {});
    buffer.identify(undefined, { d: 4 });
    const { target, identifies } = recordingTarget();
    buffer.connect(target);
    expect(identifies).toEqual([{ userId: 'u1', traits: { d: 4 } }]);
  });

  it('then calls straight through, touching the product session on each page view', async () => {
    const buffer = await freshBuffer();
    buffer.sendPageView('/[slug]/[type]', 'en');
    const { target, calls } = recordingTarget();
    const touched = vi.fn();
    buffer.connect(target, touched);
    expect(touched).toHaveBeenCalledTimes(1);
    buffer.sendPageView('/404', 'de');
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    expect(calls).toEqual(['page:Microsites:/[slug]/[type]', 'page:Microsites:/404', 'track:FAQ Opened']);
    expect(touched).toHaveBeenCalledTimes(2);
  });

  it('drops everything for good when analytics will not run (tracking disabled, queue cleared)', async () => {
    const buffer = await freshBuffer();
    buffer.sendPageView('/', 'en');
    buffer.connect(null);
    buffer.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    const { target, calls } = recordingTarget();
    buffer.connect(target);
    expect(calls).toEqual([]);
  });

  it('keeps the page context for enrichment', async () => {
    const buffer = await freshBuffer();
    buffer.setPageContext('prague-bagberth.cz', '/prague/city', '?utm_source=x', 'en');
    expect(buffer.currentPageContext()).toEqual({
      host: 'prague-bagberth.cz',
      path: '/prague/city',
      url: 'http://localhost:3000/prague/city?utm_source=x',
      locale: 'en',
    });
  });
});
