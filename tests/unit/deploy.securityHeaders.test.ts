// Issue 40 item 2: the security headers are added once per hop. An instance's answer, and the
// proxy's cached copy of one, pass with the headers the instance sent (server.ts: HSTS by the
// X-Forwarded-Proto the proxy sets, the relaxed values for a navigation from the analytics
// provider's window by its Referer); nginx adds the build's only to the answers it makes itself
// (deploy/proxyConf.ts, securityHeaderDirectives). These tests run the includes' add_header lines
// and maps by nginx's rules on each kind of answer and count every header.
import fc from 'fast-check';
import { INSTANCE_ANSWER_HEADER, securityHeaderDirectives } from '../../deploy/proxyConf';
import { nginxMap } from './support/nginxMap';
import { proxyConfFor } from './support/proxyConfFor';
import { parseAnalyticsEnv } from '@/config/analyticsEnv';
import { parseMonitoringEnv } from '@/config/monitoringEnv';
import { ANALYTICS_PROVIDER_ORIGIN, securityHeaders, type SecurityHeaders } from '@/security/policy';
import { headersFor, isFromOrigin } from '@/security/serverHeaders';

const headersWith = (env: Record<string, string>, monitoring: Record<string, string> = {}) =>
  securityHeaders({
    analytics: parseAnalyticsEnv(env),
    monitoring: parseMonitoringEnv(monitoring),
    graphqlUrl: undefined,
    scriptHashes: ['abc='],
  });
const amplitudeOn = headersWith({ NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k' });
const directives = securityHeaderDirectives(amplitudeOn);

/** A response's headers as nginx holds them: names in any case, each possibly more than once. */
type Answer = [name: string, value: string][];

/**
 * What nginx sends for `answer` through an include (`http` or `https`): each `add_header` in order,
 * its variable's map evaluated on the answer as it stands at that moment (`$sent_http_…`), and a
 * header added only when its value is not empty (nginx's rule).
 */
function throughInclude(own: { maps: string }, include: string, answer: Answer): Answer {
  const sent: Answer = [...answer];
  for (const [, name, value] of include.matchAll(/^add_header (\S+) (\$\w+) always;$/gm)) {
    const source = new RegExp(`^map (\\$sent_http_\\w+) \\${value} \\{`, 'm').exec(own.maps)?.[1];
    if (!source) throw new Error(`no map gives ${value}`);
    const header = source.slice('$sent_http_'.length).replace(/_/g, '-');
    const current = sent.find(([sentName]) => sentName.toLowerCase() === header)?.[1] ?? '';
    const added = nginxMap(own.maps, source, value!.slice(1))(current);
    if (added !== '') sent.push([name!, added]);
  }
  if (include.split('\n').filter(Boolean).length !== [...include.matchAll(/^add_header /gm)].length)
    throw new Error(`an include of more than add_header lines: ${include}`);
  return sent;
}

/** Each header's values, by lower-case name. */
const byName = (answer: Answer): Record<string, string[]> =>
  answer.reduce<Record<string, string[]>>((all, [name, value]) => {
    (all[name.toLowerCase()] ??= []).push(value);
    return all;
  }, {});

/** The instance's answer to a request through the proxy (server.ts): its X-Forwarded-Proto and the visitor's Referer. */
const instanceAnswer = (headers: SecurityHeaders, proto: 'https' | 'http', referer?: string): Answer =>
  Object.entries(
    headersFor({ headers: { 'x-forwarded-proto': proto, ...(referer && { referer }) }, socket: {} }, headers, 1),
  );

/** Every security header exactly once, with the value expected. */
function expectOnce(answer: Answer, expected: Record<string, string>) {
  const sent = byName(answer);
  for (const [name, value] of Object.entries(expected)) expect(sent[name], name).toEqual([value]);
}

describe('the security headers, once per hop', () => {
  const strictHttps = { ...amplitudeOn.all, ...amplitudeOn.https };

  it("an instance's answer passes through the proxy with the instance's own headers, each once", () => {
    expectOnce(throughInclude(directives, directives.https, instanceAnswer(amplitudeOn, 'https')), strictHttps);
    // A cached copy carries the headers of the answer that filled it: the same, nothing added.
    const cached = instanceAnswer(amplitudeOn, 'https');
    expectOnce(throughInclude(directives, directives.https, cached), strictHttps);
    // Plain http (the proxy's /api/health there): the instance's, without HSTS.
    const plain = byName(throughInclude(directives, directives.http, instanceAnswer(amplitudeOn, 'http')));
    expect(plain['strict-transport-security']).toBeUndefined();
    expectOnce(throughInclude(directives, directives.http, instanceAnswer(amplitudeOn, 'http')), amplitudeOn.all);
  });

  it("a navigation from the analytics provider gets the instance's relaxed headers, each once", () => {
    const relaxed = { ...strictHttps, ...amplitudeOn.openedFromProvider!.headers };
    expectOnce(
      throughInclude(
        directives,
        directives.https,
        instanceAnswer(amplitudeOn, 'https', `${ANALYTICS_PROVIDER_ORIGIN}/x`),
      ),
      relaxed,
    );
    expect(relaxed['content-security-policy']).toContain(
      'https://cdn.amplitude.com/libs/visual-tagging-selector-1.0.0-alpha.js.gz',
    );
    expect(relaxed['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it.each([
    ['with Amplitude', amplitudeOn],
    [
      'with monitoring (Reporting-Endpoints)',
      headersWith({}, { NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub', NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app' }),
    ],
    ['with neither', headersWith({})],
  ])("an answer nginx makes itself gets the build's strict headers, each once (%s)", (_, headers) => {
    const own = securityHeaderDirectives(headers);
    const through = (include: string, answer: Answer) => throughInclude(own, include, answer);
    // A static file, the branded 503, a 429 (their own headers: Cache-Control, Retry-After), a 405, a 414, the redirect.
    for (const answer of [
      [],
      [
        ['Cache-Control', 'no-store'],
        ['Retry-After', '30'],
      ],
    ] as Answer[]) {
      expectOnce(through(own.https, answer), { ...headers.all, ...headers.https });
      expectOnce(through(own.http, answer), headers.all);
      expect(byName(through(own.http, answer))['strict-transport-security']).toBeUndefined();
    }
    // And an instance's answer gets none of them added.
    expectOnce(through(own.https, instanceAnswer(headers, 'https')), { ...headers.all, ...headers.https });
  });

  it('the header that marks an instance’s answer is on every instance answer, and added last by nginx', () => {
    for (const referer of [undefined, `${ANALYTICS_PROVIDER_ORIGIN}/`])
      for (const proto of ['http', 'https'] as const)
        expect(Object.keys(Object.fromEntries(instanceAnswer(amplitudeOn, proto, referer)))).toContain(
          INSTANCE_ANSWER_HEADER,
        );
    expect(directives.https.trim().split('\n').at(-1)).toMatch(new RegExp(`^add_header ${INSTANCE_ANSWER_HEADER} `));
    expect(directives.http.trim().split('\n').at(-1)).toMatch(new RegExp(`^add_header ${INSTANCE_ANSWER_HEADER} `));
  });

  it("the proxy hides none of the instance's security headers, and hands it what it decides them by", () => {
    const conf = proxyConfFor({ securityHeaders: amplitudeOn });
    const hidden = [...conf.matchAll(/proxy_hide_header (\S+);/g)].map(([, name]) => name!.toLowerCase());
    for (const name of Object.keys({ ...amplitudeOn.all, ...amplitudeOn.https, 'cache-control': '' }))
      expect(hidden, name).not.toContain(name);
    expect(conf).not.toMatch(/proxy_pass_request_headers off|proxy_set_header Referer/);
    // The scheme the visitor used, set by the TLS server and passed on unchanged by the compressor.
    expect(conf).toContain('      proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('      proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;');
    // Every server and every location with add_header of its own includes the headers.
    expect(conf.match(/include \/run\/security-headers-https\.conf;/g)).toHaveLength(5);
    expect(conf.match(/include \/run\/security-headers-http\.conf;/g)).toHaveLength(1);
  });
});

/** nginx's Referer map line as a JavaScript expression (case-insensitive, as `~*`). */
const refererPattern = new RegExp(/"~\*(.*)" 1;/.exec(directives.maps)?.[1] ?? 'unparsed', 'i');

// `$from_provider` makes the page location bypass the cache, so that the provider's navigation
// reaches an instance, which relaxes the headers by its own rule (isFromOrigin).
describe("the proxy's cache bypass for the analytics provider's window", () => {
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

  it('never bypasses for a Referer the instance would not relax for', () => {
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

  it('without Amplitude, never bypasses', () => {
    const off = securityHeaderDirectives(headersWith({}));
    expect(off.maps).toMatch(/^map \$http_referer \$from_provider \{\n {2}default "";\n\}\n/);
  });
});
