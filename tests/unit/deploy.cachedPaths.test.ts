// Issue 41 items 2 and 3: what the proxy keeps is listed exactly, by host and path, from the tenant
// map (cachedPaths in deploy/proxyConf.ts): every page, host file and share image that exists is
// kept; a path that answers 404 (a locale the host lacks, another host's share image, an unknown
// host, a random path) is never a cache miss that the limit for uncached requests does not count.
import { cachedPaths, freshnessSpread, publicFiles } from '../../deploy/proxyConf';
import { proxyConfFor } from './support/proxyConfFor';
import { LEGAL_DOCUMENTS } from '@/tenancy/routeRequest';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

/** The map's lines as JavaScript expressions (case-sensitive, as nginx's `~`), in order. */
const lines = cachedPaths(DOMAIN_ENTRIES, 'localhost', publicFiles('.'))
  .split('\n')
  .map((line) => {
    const [, pattern, kind] = /^\s*"~(.*)" ([a-z]+);$/.exec(line) ?? [];
    return { pattern: new RegExp(pattern ?? 'unparsed'), kind };
  });
/** What nginx's map gives `host|path`: the first line that matches, else "" (its default). */
const cacheClass = (host: string, path: string) =>
  lines.find(({ pattern }) => pattern.test(`${host}|${path}`))?.kind ?? '';

describe('what the proxy keeps', () => {
  it('stays within nginx’s 4 kB for one parameter on every line', () => {
    for (const line of cachedPaths(DOMAIN_ENTRIES, 'localhost', publicFiles('.')).split('\n'))
      expect(line.length).toBeLessThan(4000);
  });

  it.each([
    ['kingscross-bagberth.co.uk', '/', 'page'],
    ['kingscross-bagberth.co.uk.localhost', '/de', 'page'],
    ['kingscross-bagberth.co.uk', '/de/impressum', 'page'],
    ['kingscross-bagberth.co.uk', '/terms', 'page'],
    ['kingscross-bagberth.co.uk', '/sitemap.xml', 'page'],
    ['kingscross-bagberth.co.uk', '/og/kings-cross-station-poi-ja.png', 'page'],
    ['kingscross-bagberth.co.uk', '/favicon.svg', 'page'],
    ['kingscross-bagberth.co.uk', '/images/hero/station.png', 'page'],
    ['kingscross-bagberth.co.uk', '/_next/image', 'image'],
    ['kingscross-bagberth.co.uk', '/_next/data/a1B2_c-3/de.json', 'data'],
    ['localhost', '/', 'page'],
    ['localhost', '/de/kings-cross-station/poi', 'page'],
    ['localhost', '/venice/poi', 'page'],
    ['localhost', '/og/prague-city-pl.png', 'page'],
    // Answered 404, or by the API: never kept, always counted.
    ['kyotostation-bagberth.jp', '/ko', ''],
    ['kyotostation-bagberth.jp', '/ko/terms', ''],
    ['kingscross-bagberth.co.uk', '/og/prague-city-en.png', ''],
    ['kingscross-bagberth.co.uk', '/kings-cross-station/poi', ''],
    ['kingscross-bagberth.co.uk', '/no-such-page', ''],
    ['kingscross-bagberth.co.uk', '/de/', ''],
    ['kingscross-bagberth.co.uk', '/api/og/kings-cross-station-poi-en', ''],
    ['kingscross-bagberth.co.uk', '/api/is-bot', ''],
    ['kingscross-bagberth.co.uk.evil.example', '/', ''],
    ['evil.example', '/', ''],
    ['evil.example', '/_next/image', ''],
    ['localhost', '/atlantis/city', ''],
    ['localhost', '/og/atlantis-city-en.png', ''],
  ])('%s %s → %j', (host, path, expected) => {
    expect(cacheClass(host, path)).toBe(expected);
  });

  it('keeps every page every host serves, in each of its languages', () => {
    for (const { domain, locales, path, slug, type } of DOMAIN_ENTRIES) {
      for (const locale of locales) {
        for (const served of [`/${locale}`, `/${locale}/${LEGAL_DOCUMENTS[0]}`, `/og/${slug}-${type}-${locale}.png`])
          expect(cacheClass(domain, served), `${domain}${served}`).toBe('page');
        expect(cacheClass('localhost', `/${locale}${path}`), `localhost/${locale}${path}`).toBe('page');
      }
    }
  });
});

// Issue 43 item 1: copies filled together must not go stale together.
describe("the copies' freshness", () => {
  const seconds = (lines: string) => lines.split('\n').map((line) => Number(/ (\d+);$/.exec(line)?.[1]));
  const shares = (lines: string) => lines.split('\n').map((line) => /^\s*([\d.]+)%/.exec(line)?.[1]);

  it('is spread evenly over the given share either way, a whole second at least', () => {
    expect(seconds(freshnessSpread(60, 25))).toEqual([47, 51, 54, 58, 62, 66, 69, 73]);
    // nginx's split_clients: seven buckets of 12.5 % and the rest (`*`), so every answer gets one.
    expect(shares(freshnessSpread(60, 25))).toEqual([...Array(7).fill('12.5'), undefined]);
    expect(freshnessSpread(60, 25).split('\n').at(-1)).toMatch(/^\s*\* 73;$/);
    expect(new Set(seconds(freshnessSpread(60, 0)))).toEqual(new Set([60]));
    expect(Math.min(...seconds(freshnessSpread(1, 50)))).toBe(1);
  });

  it('is what the configuration draws each answer’s X-Accel-Expires from', () => {
    const conf = proxyConfFor();
    expect(conf).toContain(`split_clients "$request_id" $proxy_fresh_spread {\n${freshnessSpread(60, 25)}\n  }`);
    expect(conf).toMatch(/"~\*s-maxage" \$proxy_fresh_spread;/);
    expect(conf).toContain('add_header X-Accel-Expires $proxy_fresh_for;');
  });
});
