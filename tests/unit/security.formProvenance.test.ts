// The cookie banner's no-JavaScript form (POST /api/consent) is accepted only from the host's own
// pages: consent comes from the visitor (spec §1, §9 "cookie consent"), never from another site.
import { describe, expect, it } from 'vitest';
import { isOwnSitePost } from '@/security/formProvenance';

const HOST = 'kingscross-bagberth.co.uk';
const PREVIEW = 'kingscross-bagberth.co.uk.localhost';

describe('isOwnSitePost', () => {
  it.each([
    // The browser says where the request came from: only its own origin counts.
    { name: 'Sec-Fetch-Site same-origin', headers: { 'sec-fetch-site': 'same-origin' }, ownHost: HOST, accepted: true },
    { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' }, ownHost: HOST, accepted: false },
    { name: 'Sec-Fetch-Site same-site (a sibling subdomain)', headers: { 'sec-fetch-site': 'same-site' }, ownHost: HOST, accepted: false },
    { name: 'Sec-Fetch-Site none (typed or bookmarked)', headers: { 'sec-fetch-site': 'none' }, ownHost: HOST, accepted: false },
    { name: 'Sec-Fetch-Site of another spelling', headers: { 'sec-fetch-site': 'Same-Origin' }, ownHost: HOST, accepted: false },
    { name: 'Sec-Fetch-Site wins over a same-host Origin', headers: { 'sec-fetch-site': 'cross-site', origin: `https://${HOST}` }, ownHost: HOST, accepted: false },
    { name: 'Sec-Fetch-Site wins over a foreign Origin', headers: { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, ownHost: HOST, accepted: true },
    // Without it, the Origin's host must be the request's own.
    { name: 'Origin of this host', headers: { origin: `https://${HOST}` }, ownHost: HOST, accepted: true },
    { name: 'Origin of this host, other case, port and trailing dot', headers: { origin: 'https://KingsCross-Bagberth.co.uk.:8443' }, ownHost: HOST, accepted: true },
    { name: 'Origin of this host over http', headers: { origin: `http://${HOST}` }, ownHost: HOST, accepted: true },
    { name: 'Origin of another site', headers: { origin: 'https://evil.example' }, ownHost: HOST, accepted: false },
    { name: 'Origin of a host that ends like this one', headers: { origin: `https://evil-${HOST}` }, ownHost: HOST, accepted: false },
    { name: 'Origin of a subdomain', headers: { origin: `https://www.${HOST}` }, ownHost: HOST, accepted: false },
    { name: 'Origin null (sandboxed or opaque)', headers: { origin: 'null' }, ownHost: HOST, accepted: false },
    { name: 'Origin null beats a same-host Referer', headers: { origin: 'null', referer: `https://${HOST}/de` }, ownHost: HOST, accepted: false },
    { name: 'Origin unparsable', headers: { origin: 'not a url' }, ownHost: HOST, accepted: false },
    { name: 'Origin of a preview host', headers: { origin: `http://${PREVIEW}:3000` }, ownHost: PREVIEW, accepted: true },
    { name: 'Origin of the domain on its preview host', headers: { origin: `https://${HOST}` }, ownHost: PREVIEW, accepted: false },
    // Without Origin either, the Referer's host.
    { name: 'Referer of this host', headers: { referer: `https://${HOST}/de?utm_source=mail` }, ownHost: HOST, accepted: true },
    { name: 'Referer of another site', headers: { referer: `https://evil.example/${HOST}` }, ownHost: HOST, accepted: false },
    { name: 'Referer unparsable', headers: { referer: '/de' }, ownHost: HOST, accepted: false },
    // No evidence at all proves nothing.
    { name: 'no header at all', headers: {}, ownHost: HOST, accepted: false },
    { name: 'no host to compare with', headers: { origin: 'file:///tmp/form.html' }, ownHost: '', accepted: false },
  ])('$name → accepted: $accepted', ({ headers, ownHost, accepted }) => {
    expect(isOwnSitePost(headers, ownHost)).toBe(accepted);
  });
});
