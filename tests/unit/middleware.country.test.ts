// Issue 22 item 4, issue 36 item 3 (docs/consent.md): behind the proxy (BEHIND_PROXY), the visitor's
// regime it found picks the consent regime of an opt-out host's pages, and `Vary` says so to caches.
import { getRewrittenUrl } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { middleware } from '../../middleware';
import nextConfig from '../../next.config.js';
import type * as ServerEnvModule from '@/config/serverEnv';

vi.mock('@/config/serverEnv', async (importOriginal) => {
  const original = await importOriginal<typeof ServerEnvModule>();
  return { ...original, serverEnv: { ...original.serverEnv, behindProxy: true } };
});

const i18nConfig = { i18n: nextConfig('phase-test').i18n };
const call = (url: string, headers: Record<string, string> = {}) =>
  middleware(new NextRequest(url, { headers: { host: new URL(url).host, ...headers }, nextConfig: i18nConfig }));

describe("the visitor's regime from the proxy", () => {
  it("serves an opt-out host's opt-in page to a visitor asked first, or one the proxy did not place, varying by the header", () => {
    for (const headers of [{ 'x-visitor-regime': 'opt-in' }, {}] as Record<string, string>[]) {
      const response = call('http://newyork-bagberth.com/', headers);
      expect(getRewrittenUrl(response)).toBe('http://newyork-bagberth.com/new-york/city/opt-in');
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, x-visitor-regime');
    }
  });

  it('serves its own page to a visitor the proxy placed outside, still varying by it', () => {
    const response = call('http://newyork-bagberth.com/', { 'x-visitor-regime': 'opt-out' });
    expect(getRewrittenUrl(response)).toBe('http://newyork-bagberth.com/new-york/city');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, x-visitor-regime');
  });

  it("puts its legal pages and 404 in the visitor's regime", () => {
    const legal = call('http://newyork-bagberth.com/cookies', { 'x-visitor-regime': 'opt-in' });
    expect(getRewrittenUrl(legal)).toBe('http://newyork-bagberth.com/legal/cookies/en-US/opt-in');
    expect(legal.headers.get('vary')).toBe('x-visitor-regime');
    expect(getRewrittenUrl(call('http://newyork-bagberth.com/nothing', { 'x-visitor-regime': 'opt-in' }))).toBe(
      'http://newyork-bagberth.com/not-found/opt-in',
    );
  });

  it("leaves an opt-in host's pages alone, and cached alike for every country", () => {
    const response = call('http://kingscross-bagberth.co.uk/', { 'x-visitor-regime': 'opt-out' });
    expect(getRewrittenUrl(response)).toBe('http://kingscross-bagberth.co.uk/kings-cross-station/poi');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(
      call('http://kingscross-bagberth.co.uk/terms', { 'x-visitor-regime': 'opt-out' }).headers.get('vary'),
    ).toBeNull();
  });
});
