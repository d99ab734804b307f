// Issue 36 item 3 (docs/consent.md, "The visitor's country"): the proxy finds the visitor's country
// and keys its cached pages on the regime it gives; its maps (deploy/nginx.conf.template, lines from
// deploy/proxyConf.ts) and visitorCountry/visitorRegimeFor must agree on every value, or a visitor
// in the EEA is served the copy cached for an American. Issue 40 item 1: the regime map is no copy
// of the rule but visitorRegimeFor's answer for every code, run here by nginx's rules on the
// configuration proxyConf.ts renders, so that a hand edit of either fails.
import fc from 'fast-check';
import { GEOIP_COUNTRY_DATA } from '../../deploy/proxyConf';
import { nginxMap } from './support/nginxMap';
import { proxyConfFor } from './support/proxyConfFor';
import { parseEdgeEnv } from '@/config/edgeEnv';
import { NOT_A_COUNTRY, OPT_IN_COUNTRIES, visitorCountry, visitorRegimeFor } from '@/tenancy/consentRegime';

const confFor = (env: Record<string, string>, geoip = true) =>
  proxyConfFor({ modules: { brotli: false, brotliStatic: false, geoip }, edge: parseEdgeEnv(env) });
const conf = confFor({ CONSENT_COUNTRY_HEADER: 'CF-IPCountry', PROXY_TRUSTED_FORWARDERS: '10.0.0.0/8' });

const cdnCountry = nginxMap(conf, '$http_cf_ipcountry', 'cdn_country');
const chosenCountry = nginxMap(conf, '"$cdn_country|$geoip_country_code"', 'visitor_country');
const regime = nginxMap(conf, '$visitor_country', 'visitor_regime');
/** What the proxy writes into X-Visitor-Country and X-Visitor-Regime, for a CDN header and a GeoIP code. */
const proxyCountry = (cdn: string, geoip: string) => chosenCountry(`${cdnCountry(cdn)}|${geoip}`).toUpperCase();

describe("the proxy's country and regime, as the site's rule says", () => {
  it('looks the visitor up in the GeoIP data, through the trusted load balancers only', () => {
    expect(conf).toContain(`geoip_country ${GEOIP_COUNTRY_DATA};\n`);
    expect(conf).toContain('load_module /usr/lib/nginx/modules/ngx_http_geoip_module.so;');
    // By the visitor's address as the trusted load balancers name it (set_real_ip_from), the one
    // the rate limits and logs read too; no list of its own.
    expect(conf).toContain('  set_real_ip_from 10.0.0.0/8;\n  real_ip_header X-Forwarded-For;\n');
    expect(conf).not.toContain('geoip_proxy');
  });

  it("without the GeoIP module knows only the CDN's country, and without a CDN none: every visitor is asked first", () => {
    const bare = confFor({}, false);
    expect(bare).not.toMatch(/geoip_country |\$geoip/);
    expect(
      regime(nginxMap(bare, '"$cdn_country|"', 'visitor_country')(`${nginxMap(bare, '""', 'cdn_country')('')}|`)),
    ).toBe('opt-in');
  });

  it.each([
    ['DE', '', 'DE', 'opt-in'],
    ['gb', 'US', 'GB', 'opt-in'],
    [' CH ', '', 'CH', 'opt-in'],
    ['US', 'DE', 'US', 'opt-out'],
    ['', 'US', 'US', 'opt-out'],
    ['', 'GB', 'GB', 'opt-in'],
    ['DEU', 'US', 'US', 'opt-out'],
    ['XX', 'US', 'XX', 'opt-in'],
    ['T1', '', 'T1', 'opt-in'],
    ['', '', '', 'opt-in'],
    ['', 'EU', 'EU', 'opt-in'],
    ['', 'A1', 'A1', 'opt-in'],
    ['FR|', 'US', 'US', 'opt-out'],
    ['|DE', '', '', 'opt-in'],
  ])('CDN %j and GeoIP %j: %j, %s', (cdn, geoip, country, expected) => {
    expect(proxyCountry(cdn, geoip)).toBe(country);
    expect(visitorCountry(cdn, geoip)).toBe(country);
    expect(regime(country)).toBe(expected);
    expect(visitorRegimeFor(country)).toBe(expected);
  });

  it("is visitorRegimeFor's answer for every code the country can be, in every letter case, and for none", () => {
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const codes = [...letters].flatMap((first) => [...`${letters}0123456789`].map((second) => `${first}${second}`));
    expect(codes).toHaveLength(52 * 62);
    for (const code of ['', ...codes]) expect(regime(code), code).toBe(visitorRegimeFor(code));
  });

  it('for every code that asks first, and generated values', () => {
    for (const code of [...OPT_IN_COUNTRIES, ...NOT_A_COUNTRY]) expect(regime(code), code).toBe('opt-in');
    const header = fc.oneof(
      fc.stringMatching(/^\s?[A-Za-z][A-Za-z0-9]\s?$/),
      fc.constantFrom(...OPT_IN_COUNTRIES, ...NOT_A_COUNTRY, 'US', 'JP'),
      fc.string({ maxLength: 5 }),
    );
    const geoip = fc.oneof(
      fc.constant(''),
      fc.stringMatching(/^[A-Z][A-Z0-9]$/),
      fc.constantFrom(...OPT_IN_COUNTRIES, 'US'),
    );
    fc.assert(
      fc.property(header, geoip, (cdn, looked) => {
        const country = proxyCountry(cdn, looked);
        expect(country).toBe(visitorCountry(cdn, looked));
        expect(regime(country)).toBe(visitorRegimeFor(country));
      }),
      { numRuns: 3_000 },
    );
  });
});
