// The proxy sends the build's security headers in place of the instances' (deploy/proxyConf.ts). For
// a navigation from the analytics provider's window it must relax exactly what the instance
// relaxes (spec §7 call 5, docs/analytics.md), and never for a Referer the instance refuses.
import fc from 'fast-check';
import { securityHeaderDirectives } from '../../deploy/proxyConf';
import { parseAnalyticsEnv } from '@/config/analyticsEnv';
import { parseMonitoringEnv } from '@/config/monitoringEnv';
import { ANALYTICS_PROVIDER_ORIGIN, securityHeaders } from '@/security/policy';
import { isFromOrigin } from '@/security/serverHeaders';

const headersWith = (env: Record<string, string>) =>
  securityHeaders({
    analytics: parseAnalyticsEnv(env),
    monitoring: parseMonitoringEnv({}),
    graphqlUrl: undefined,
    scriptHashes: ['abc='],
  });
const amplitudeOn = headersWith({ NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k' });
const directives = securityHeaderDirectives(amplitudeOn);

/** nginx's Referer map line as a JavaScript expression (case-insensitive, as `~*`). */
const refererPattern = new RegExp(/"~\*(.*)" 1;/.exec(directives.maps)?.[1] ?? 'unparsed', 'i');
/** The value nginx sends for a header, with `$from_provider` set or not. */
function sent(name: string, fromProvider: boolean): string | undefined {
  const added = new RegExp(`add_header ${name} (\\S+|"(?:[^"\\\\]|\\\\.)*") always;`).exec(directives.https)?.[1];
  if (!added?.startsWith('$')) return added && JSON.parse(added);
  const map = new RegExp(
    `map \\$from_provider \\${added} \\{\\n  1 ("(?:[^"\\\\]|\\\\.)*");\\n  default ("(?:[^"\\\\]|\\\\.)*");`,
  ).exec(directives.maps);
  return map?.[fromProvider ? 1 : 2] && JSON.parse(map[fromProvider ? 1 : 2]!);
}

describe("the proxy's security headers", () => {
  it("relax the CSP and COOP for the provider's window, as the instance does, and keep every other header", () => {
    const provider = amplitudeOn.openedFromProvider!;
    for (const [name, value] of Object.entries({ ...amplitudeOn.all, ...amplitudeOn.https })) {
      expect(sent(name, false), name).toBe(value);
      expect(sent(name, true), name).toBe(provider.headers[name] ?? value);
    }
    expect(sent('content-security-policy', true)).toContain(
      'https://cdn.amplitude.com/libs/visual-tagging-selector-1.0.0-alpha.js.gz',
    );
    expect(sent('cross-origin-opener-policy', true)).toBe('unsafe-none');
  });

  it.each([
    [`${ANALYTICS_PROVIDER_ORIGIN}/`, true],
    [`${ANALYTICS_PROVIDER_ORIGIN}`, true],
    [`${ANALYTICS_PROVIDER_ORIGIN}/analytics/org/1?x=1`, true],
    ['HTTPS://APP.AMPLITUDE.COM/', true],
    ['http://app.amplitude.com/', false],
    ['https://app.amplitude.com.evil.example/', false],
    ['https://app.amplitude.com@evil.example/', false],
    ['https://appxamplitude.com/', false],
    ['https://evil.example/?https://app.amplitude.com/', false],
    ['', false],
  ])('a Referer of %j is the provider: %s, as the instance decides', (referer, expected) => {
    expect(refererPattern.test(referer)).toBe(expected);
    expect(isFromOrigin(referer, ANALYTICS_PROVIDER_ORIGIN)).toBe(expected);
  });

  it('never relaxes for a Referer the instance would not', () => {
    const referer = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom(ANALYTICS_PROVIDER_ORIGIN, 'https://app.amplitude.com.', 'https://app.amplitude.com:443'),
          fc.string({ maxLength: 12 }),
        )
        .map(([origin, rest]) => `${origin}${rest}`),
    );
    fc.assert(
      fc.property(referer, (value) => {
        if (refererPattern.test(value)) expect(isFromOrigin(value, ANALYTICS_PROVIDER_ORIGIN), value).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('without Amplitude, relax nothing', () => {
    const off = securityHeaderDirectives(headersWith({}));
    expect(off.maps).toBe('map $http_referer $from_provider {\n  default "";\n}\n');
    expect(off.https).not.toContain('$');
  });
});
