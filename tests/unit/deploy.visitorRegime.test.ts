// The proxy keys its cached pages on the visitor's regime from the CDN's country header (issue 22
// item 4, docs/consent.md): nginx's map (deploy/proxyConf.ts) and visitorAsksFirst must agree on every
// value, or a visitor in the EEA is served the copy cached for an American.
import fc from 'fast-check';
import { visitorRegimeMap } from '../../deploy/proxyConf';
import { OPT_IN_COUNTRIES, visitorAsksFirst } from '@/tenancy/consentRegime';

const map = visitorRegimeMap('CF-IPCountry');
/** The map's line as a JavaScript expression: PCRE and JavaScript read it alike. */
const pattern = new RegExp(/^\s*"~\*(.*)" opt-in;$/.exec(map.OPT_IN_COUNTRIES)?.[1] ?? 'unparsed', 'i');
/** What nginx's map gives: `opt-in` on a match, else "" (its default). */
const proxyRegime = (country: string) => (pattern.test(country) ? 'opt-in' : '');

describe('the proxy reduces the country header as the middleware does', () => {
  it('reads the configured header, or nothing', () => {
    expect(map.COUNTRY_HEADER_VARIABLE).toBe('$http_cf_ipcountry');
    expect(visitorRegimeMap('CloudFront-Viewer-Country').COUNTRY_HEADER_VARIABLE).toBe('$http_cloudfront_viewer_country');
    expect(visitorRegimeMap(undefined).COUNTRY_HEADER_VARIABLE).toBe('""');
  });

  it.each([['DE', 'opt-in'], ['gb', 'opt-in'], [' CH ', 'opt-in'], ['US', ''], ['XX', ''], ['', ''], ['DEU', ''], ['DE,FR', ''], ['ADE', '']])('%j → %j', (country, expected) => {
    expect(proxyRegime(country)).toBe(expected);
  });

  it('for every country that asks first, and generated values', () => {
    for (const country of OPT_IN_COUNTRIES) expect(proxyRegime(country), country).toBe('opt-in');
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\s?[A-Za-z][A-Za-z0-9]\s?$/), fc.string({ maxLength: 5 })), (country) => {
        expect(proxyRegime(country)).toBe(visitorAsksFirst(country) ? 'opt-in' : '');
      }),
      { numRuns: 2_000 },
    );
  });
});
