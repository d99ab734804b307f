// The local proxy's purge (deploy/purger.ts, docs/deploy.md "Revalidation"): which cached copies
// a revalidation drops. Keys are deploy/nginx.conf.template's "$scheme|$host|$visitor_regime|$request_uri|$language_key|$encoding".
import { isPurged, isPurgeRequest, type PurgeRequest } from '../../deploy/purger';

const KINGS_CROSS: PurgeRequest = {
  hosts: ['kingscross-bagberth.co.uk', 'kingscross-bagberth.com'],
  urls: [
    'localhost/kings-cross-station/poi',
    'localhost/de/kings-cross-station/poi',
    'localhost/en/kings-cross-station/poi',
  ],
};

describe('isPurged', () => {
  it.each<[string, string, boolean]>([
    ['a page of the host', 'https|kingscross-bagberth.co.uk||/de|de|br', true],
    ['a page of an alias host, with a query', 'https|kingscross-bagberth.com||/?utm_source=x||identity', true],
    ['the host under its preview name', 'https|kingscross-bagberth.co.uk.localhost||/|en|gzip', true],
    ['another tenant host', 'https|prague-bagberth.cz||/|en|br', false],
    ['the page by path on the microsites host', 'https|localhost||/de/kings-cross-station/poi||br', true],
    ['the page for visitors whose country asks first', 'https|localhost|opt-in|/de/kings-cross-station/poi||br', true],
    ['the same, with a query', 'https|localhost||/kings-cross-station/poi?language=de||identity', true],
    [
      'its page data, which names the default locale',
      'https|localhost||/_next/data/b1d/en/kings-cross-station/poi.json||br',
      true,
    ],
    ['its page data in another locale', 'https|localhost||/_next/data/b1d/de/kings-cross-station/poi.json||gzip', true],
    ['a locale the purge does not name', 'https|localhost||/fr/kings-cross-station/poi||br', false],
    ['another page on the microsites host', 'https|localhost||/prague/city||br', false],
    ['the microsites directory', 'https|localhost||/||br', false],
    ['a page whose path only starts the same', 'https|localhost||/kings-cross-station/poi-old||br', false],
    ['a path holding a `|`, read whole', 'https|localhost||/kings-cross-station/poi|old||br', false],
  ])('%s: %s → %s', (_name, key, purged) => expect(isPurged(key, KINGS_CROSS)).toBe(purged));

  it('without urls, only the hosts', () => {
    expect(isPurged('https|localhost||/kings-cross-station/poi||br', { hosts: KINGS_CROSS.hosts })).toBe(false);
  });

  it('a microsites host under .localhost is compared as it is', () => {
    expect(
      isPurged('https|microsites.localhost||/de/kings-cross-station/poi||br', {
        hosts: ['x.example'],
        urls: ['microsites.localhost/de/kings-cross-station/poi'],
      }),
    ).toBe(true);
  });
});

describe('isPurgeRequest', () => {
  it.each<[string, unknown, boolean]>([
    ['hosts alone', { hosts: ['kingscross-bagberth.co.uk'] }, true],
    ['hosts and page URLs', KINGS_CROSS, true],
    ['a page URL on an IPv6 host', { hosts: ['a.example'], urls: ['[::1]/de/kings-cross-station/poi'] }, true],
    ['no host', { hosts: [], urls: ['localhost/x'] }, false],
    ['a host with a path', { hosts: ['a.example/x'] }, false],
    ['a page URL without a path', { hosts: ['a.example'], urls: ['localhost'] }, false],
    ['a page URL that is not text', { hosts: ['a.example'], urls: [1] }, false],
    ['no body', null, false],
  ])('%s → %s', (_name, body, valid) => expect(isPurgeRequest(body)).toBe(valid));
});
