// Issue 22 item 4 (docs/consent.md): with CONSENT_COUNTRY_HEADER set, the visitor's country from the
// CDN picks the consent regime of an opt-out host's pages, and says so to caches in `Vary`.
import { getRewrittenUrl } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { middleware } from '../../middleware';
import nextConfig from '../../next.config.js';
import type * as ServerEnvModule from '@/config/serverEnv';

vi.mock('@/config/serverEnv', async (importOriginal) => {
  const original = await importOriginal<typeof ServerEnvModule>();
  return { ...original, serverEnv: { ...original.serverEnv, consentCountryHeader: 'cf-ipcountry' } };
});

const i18nConfig = { i18n: nextConfig('phase-test').i18n };
const call = (url: string, headers: Record<string, string> = {}) =>
  middleware(new NextRequest(url, { headers: { host: new URL(url).host, ...headers }, nextConfig: i18nConfig }));

describe('the visitor\'s country header', () => {
  it('serves an opt-out host\'s opt-in page to a visitor in the EEA, varying by the header', () => {
    const response = call('http://newyork-bagberth.com/', { 'cf-ipcountry': 'DE' });
    expect(getRewrittenUrl(response)).toBe('http://newyork-bagberth.com/new-york/city/opt-in');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, cf-ipcountry');
  });

  it('serves its own page to a visitor elsewhere or without the header, still varying by it', () => {
    for (const headers of [{ 'cf-ipcountry': 'US' }, {}] as Record<string, string>[]) {
      const response = call('http://newyork-bagberth.com/', headers);
      expect(getRewrittenUrl(response)).toBe('http://newyork-bagberth.com/new-york/city');
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, cf-ipcountry');
    }
  });

  it('puts its legal pages and 404 in the visitor\'s regime', () => {
    const legal = call('http://newyork-bagberth.com/cookies', { 'cf-ipcountry': 'fr' });
    expect(getRewrittenUrl(legal)).toBe('http://newyork-bagberth.com/legal/cookies/en-US/opt-in');
    expect(legal.headers.get('vary')).toBe('cf-ipcountry');
    expect(getRewrittenUrl(call('http://newyork-bagberth.com/nothing', { 'cf-ipcountry': 'CH' }))).toBe('http://newyork-bagberth.com/not-found/opt-in');
  });

  it('leaves an opt-in host\'s pages alone, and cached alike for every country', () => {
    const response = call('http://kingscross-bagberth.co.uk/', { 'cf-ipcountry': 'US' });
    expect(getRewrittenUrl(response)).toBe('http://kingscross-bagberth.co.uk/kings-cross-station/poi');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(call('http://kingscross-bagberth.co.uk/terms', { 'cf-ipcountry': 'US' }).headers.get('vary')).toBeNull();
  });
});
