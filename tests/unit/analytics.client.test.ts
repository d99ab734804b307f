// Spec §4: calls made before the wrapper exists reach it in order once it is set up; nothing is
// kept when analytics will never run.
import type { Analytics } from '@/analytics/Analytics';

async function freshClient() {
  vi.resetModules();
  return import('@/analytics/client');
}

const fakeAnalytics = () => {
  const calls: string[] = [];
  const analytics = {
    page: (name: string, properties: Record<string, unknown>) => calls.push(`page:${name}:${String(properties.route)}`),
    track: (name: string) => calls.push(`track:${name}`),
  } as unknown as Analytics;
  return { analytics, calls };
};

describe('analytics client buffer', () => {
  it('replays buffered page views and events in order on connect, then calls through', async () => {
    const client = await freshClient();
    client.sendPageView('/[slug]/[type]', 'en');
    client.trackEvent('Book Storage Clicked', { slug: 'prague', type: 'city', locale: 'en' });
    const { analytics, calls } = fakeAnalytics();
    const touched = vi.fn();
    client.connect(analytics, touched);
    expect(calls).toEqual(['page:Microsites:/[slug]/[type]', 'track:Book Storage Clicked']);
    expect(touched).toHaveBeenCalledTimes(1);
    client.sendPageView('/404', 'de');
    expect(calls.at(-1)).toBe('page:Microsites:/404');
    expect(touched).toHaveBeenCalledTimes(2);
  });

  it('drops everything for good when analytics will not run', async () => {
    const client = await freshClient();
    client.sendPageView('/', 'en');
    client.connect(null);
    client.trackEvent('FAQ Opened', { topic: 'hours', slug: 'prague' });
    const { analytics, calls } = fakeAnalytics();
    client.connect(analytics);
    expect(calls).toEqual([]);
  });

  it('keeps the page context for enrichment', async () => {
    const client = await freshClient();
    client.setPageContext('prague-bagberth.cz', '/prague/city', '?utm_source=x', 'en');
    expect(client.currentPageContext()).toEqual({
      host: 'prague-bagberth.cz',
      path: '/prague/city',
      url: 'http://localhost:3000/prague/city?utm_source=x',
      locale: 'en',
    });
  });
});
