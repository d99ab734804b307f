// The cookie banner's no-JavaScript form (POST /api/consent) is accepted only from the host's own
// pages: consent comes from the visitor (spec §1, §9 "cookie consent"), never from another site.
import { describe, expect, it } from 'vitest';
import { isOwnSitePost } from '@/security/formProvenance';
import { canonicalOrigin, requestOrigin } from '@/security/serverHeaders';

const HOST = 'kingscross-bagberth.co.uk';
const PREVIEW = 'kingscross-bagberth.co.uk.localhost';
const OWN = `https://${HOST}`;

describe('isOwnSitePost', () => {
  // Issue 36 item 6: the same host on another port or scheme is another site, as browsers see it.
  it.each([
    // The browser says where the request came from: only its own origin counts.
    {
      name: 'Sec-Fetch-Site same-origin',
      headers: { 'sec-fetch-site': 'same-origin' },
      ownOrigin: OWN,
      accepted: true,
    },
    { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' }, ownOrigin: OWN, accepted: false },
    {
      name: 'Sec-Fetch-Site same-site (a sibling subdomain)',
      headers: { 'sec-fetch-site': 'same-site' },
      ownOrigin: OWN,
      accepted: false,
    },
    {
      name: 'Sec-Fetch-Site none (typed or bookmarked)',
      headers: { 'sec-fetch-site': 'none' },
      ownOrigin: OWN,
      accepted: false,
    },
    {
      name: 'Sec-Fetch-Site of another spelling',
      headers: { 'sec-fetch-site': 'Same-Origin' },
      ownOrigin: OWN,
      accepted: false,
    },
    {
      name: 'Sec-Fetch-Site wins over a same-host Origin',
      headers: { 'sec-fetch-site': 'cross-site', origin: `https://${HOST}` },
      ownOrigin: OWN,
      accepted: false,
    },
    {
      name: 'Sec-Fetch-Site wins over a foreign Origin',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      ownOrigin: OWN,
      accepted: true,
    },
    // Without it, the Origin's host must be the request's own.
    { name: 'Origin of this host', headers: { origin: `https://${HOST}` }, ownOrigin: OWN, accepted: true },
    {
      name: 'Origin of this host, other case and trailing dot',
      headers: { origin: 'https://KingsCross-Bagberth.co.uk.' },
      ownOrigin: OWN,
      accepted: true,
    },
    {
      name: 'Origin of this host with its default port written out',
      headers: { origin: `https://${HOST}:443` },
      ownOrigin: OWN,
      accepted: true,
    },
    {
      name: 'Origin of this host on another port',
      headers: { origin: `https://${HOST}:8443` },
      ownOrigin: OWN,
      accepted: false,
    },
    { name: 'Origin of this host over http', headers: { origin: `http://${HOST}` }, ownOrigin: OWN, accepted: false },
    {
      name: 'Origin of this host on the port it was asked on',
      headers: { origin: `https://${HOST}:8443` },
      ownOrigin: `${OWN}:8443`,
      accepted: true,
    },
    { name: 'Origin of another site', headers: { origin: 'https://evil.example' }, ownOrigin: OWN, accepted: false },
    {
      name: 'Origin of a host that ends like this one',
      headers: { origin: `https://evil-${HOST}` },
      ownOrigin: OWN,
      accepted: false,
    },
    { name: 'Origin of a subdomain', headers: { origin: `https://www.${HOST}` }, ownOrigin: OWN, accepted: false },
    { name: 'Origin null (sandboxed or opaque)', headers: { origin: 'null' }, ownOrigin: OWN, accepted: false },
    {
      name: 'Origin null beats a same-host Referer',
      headers: { origin: 'null', referer: `https://${HOST}/de` },
      ownOrigin: OWN,
      accepted: false,
    },
    { name: 'Origin unparsable', headers: { origin: 'not a url' }, ownOrigin: OWN, accepted: false },
    {
      name: 'Origin of a preview host',
      headers: { origin: `http://${PREVIEW}:3000` },
      ownOrigin: `http://${PREVIEW}:3000`,
      accepted: true,
    },
    {
      name: 'Origin of the domain on its preview host',
      headers: { origin: `https://${HOST}` },
      ownOrigin: `http://${PREVIEW}:3000`,
      accepted: false,
    },
    // Without Origin either, the Referer's host.
    {
      name: 'Referer of this host',
      headers: { referer: `https://${HOST}/de?utm_source=mail` },
      ownOrigin: OWN,
      accepted: true,
    },
    {
      name: 'Referer of another site',
      headers: { referer: `https://evil.example/${HOST}` },
      ownOrigin: OWN,
      accepted: false,
    },
    {
      name: 'Referer of this host on another port',
      headers: { referer: `https://${HOST}:8443/de` },
      ownOrigin: OWN,
      accepted: false,
    },
    { name: 'Referer unparsable', headers: { referer: '/de' }, ownOrigin: OWN, accepted: false },
    // No evidence at all proves nothing.
    { name: 'no header at all', headers: {}, ownOrigin: OWN, accepted: false },
    {
      name: 'no origin to compare with',
      headers: { origin: 'file:///tmp/form.html' },
      ownOrigin: undefined,
      accepted: false,
    },
    { name: 'a file page against no origin', headers: { origin: 'null' }, ownOrigin: undefined, accepted: false },
  ])('$name → accepted: $accepted', ({ headers, ownOrigin, accepted }) => {
    expect(isOwnSitePost(headers, ownOrigin)).toBe(accepted);
  });
});

describe('requestOrigin', () => {
  const request = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } });
  it.each([
    [
      'the Host of a plain http request, with its port',
      request({ host: `${PREVIEW}:3100` }),
      0,
      `http://${PREVIEW}:3100`,
    ],
    ['the Host of a TLS connection, default port', request({ host: HOST }, true), 0, OWN],
    ['the Host, lower-cased, its trailing dot gone', request({ host: 'KingsCross-Bagberth.co.uk.' }, true), 0, OWN],
    [
      "the trusted proxy's host, scheme and the visitor's port",
      request({
        host: HOST,
        'x-forwarded-host': `${PREVIEW}`,
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '8443',
      }),
      1,
      `https://${PREVIEW}:8443`,
    ],
    [
      "the trusted proxy's host without a port: the scheme's default",
      request({ host: '127.0.0.1:3001', 'x-forwarded-host': HOST, 'x-forwarded-proto': 'https' }),
      1,
      OWN,
    ],
    [
      'forwarded headers from no trusted proxy count for nothing',
      request({
        host: `${HOST}:3001`,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
      }),
      0,
      `http://${HOST}:3001`,
    ],
    [
      "an IPv6 literal from the trusted proxy, with the visitor's port",
      request({
        host: '127.0.0.1:3001',
        'x-forwarded-host': '[2001:db8::1]',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '8443',
      }),
      1,
      'https://[2001:db8::1]:8443',
    ],
    [
      'a forwarded host with its own port: that port, not the forwarded one',
      request({
        host: '127.0.0.1:3001',
        'x-forwarded-host': `${PREVIEW}:8443`,
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '9999',
      }),
      1,
      `https://${PREVIEW}:8443`,
    ],
    ['no host at all', request({}), 0, undefined],
    ['a host no URL can hold', request({ host: 'a b' }), 0, undefined],
  ])('%s', (_, incoming, hops, expected) => expect(requestOrigin(incoming, hops)).toBe(expected));
});

describe('canonicalOrigin', () => {
  it.each([
    ['a page URL, to its origin', 'https://KingsCross-Bagberth.co.uk/de?x=1', OWN],
    ['two trailing dots', 'https://kingscross-bagberth.co.uk../', OWN],
    ['a file page, which has no origin', 'file:///tmp/form.html', undefined],
    ['the word null', 'null', undefined],
    ['no URL', 'not a url', undefined],
  ])('%s', (_, value, expected) => expect(canonicalOrigin(value)).toBe(expected));
});
