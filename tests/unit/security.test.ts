// The security headers, the CSP's endpoints and hashes, and the requests the
// server refuses before Next sees them.
import { describe, expect, it } from 'vitest';
import { parseAnalyticsEnv } from '@/config/analyticsEnv';
import { parseMonitoringEnv } from '@/config/monitoringEnv';
import {
  ANALYTICS_PROVIDER_ORIGIN,
  connectOrigins,
  contentSecurityPolicy,
  inlineScripts,
  securityHeaders,
  VISUAL_TAGGING_SCRIPTS,
} from '@/security/policy';
import { refuseRequest } from '@/security/requestGuard';
import { headersFor, isFromOrigin, isHttps } from '@/security/serverHeaders';

const monitoringOn = { NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub' };
const inputs = (env: Record<string, string> = {}, graphqlUrl?: string) => ({
  analytics: parseAnalyticsEnv(env),
  monitoring: parseMonitoringEnv(env),
  graphqlUrl,
  scriptHashes: ['abc=', 'def='],
});

describe('connectOrigins', () => {
  it.each([
    ['nothing configured', {}, undefined, []],
    [
      'Amplitude on its defaults',
      { NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k' },
      undefined,
      ['https://api2.amplitude.com', 'https://sr-client-cfg.amplitude.com'],
    ],
    [
      'Segment on its defaults',
      { NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w' },
      undefined,
      ['https://api.segment.io', 'https://cdn.segment.com'],
    ],
    [
      'Datadog EU',
      { ...monitoringOn, NEXT_PUBLIC_DATADOG_SITE: 'datadoghq.eu' },
      undefined,
      ['https://browser-intake-datadoghq.eu'],
    ],
    [
      'Datadog through a proxy',
      { ...monitoringOn, NEXT_PUBLIC_DATADOG_PROXY_URL: 'https://t.example/dd?x=1' },
      undefined,
      ['https://t.example'],
    ],
    ['the GraphQL API', {}, 'https://api.example/graphql', ['https://api.example']],
    [
      'overridden endpoints, de-duplicated',
      {
        NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k',
        NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'http://localhost:4100/a',
        NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: 'http://localhost:4100/c',
      },
      undefined,
      ['http://localhost:4100'],
    ],
  ])('%s', (_, env, graphqlUrl, expected) => {
    expect(connectOrigins(inputs(env, graphqlUrl))).toEqual(expected);
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy(inputs({ NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w' }));
  it('allows inline scripts only by hash', () => {
    expect(policy).toContain("script-src 'self' 'sha256-abc=' 'sha256-def=';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });
  it('forbids framing, plugins and base or form hijacks', () => {
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
  });
  it('connects only to its own origin and the configured endpoints', () => {
    expect(policy).toContain("connect-src 'self' https://api.segment.io https://cdn.segment.com;");
  });
});

describe('CSP violation reports', () => {
  it('go to the telemetry proxy by report-uri and report-to when monitoring is on', () => {
    const headers = securityHeaders(inputs(monitoringOn)).all;
    const path = '/api/monitoring-proxy?csp';
    expect(headers['content-security-policy']).toMatch(
      new RegExp(`; report-uri ${path.replace(/[?]/g, '\\?')}; report-to csp$`),
    );
    expect(headers['reporting-endpoints']).toBe(`csp="${path}"`);
  });

  it('are not asked for without monitoring', () => {
    const headers = securityHeaders(inputs({})).all;
    expect(headers['content-security-policy']).not.toMatch(/report-(uri|to)/);
    expect(headers['reporting-endpoints']).toBeUndefined();
  });
});

describe('inlineScripts', () => {
  it('finds the scripts a browser runs inline, and skips data and external scripts', () => {
    const html =
      '<script>a()</script><script id="__NEXT_DATA__" type="application/json">{}</script>' +
      '<script type="application/ld+json">{}</script><script src="/x.js"></script><script nonce="n">\nb()\n</script>';
    expect(inlineScripts(html)).toEqual(['a()', '\nb()\n']);
  });
});

describe('headersFor', () => {
  const headers = securityHeaders(inputs());
  const request = (forwardedProto?: string, encrypted = false) => ({
    headers: { 'x-forwarded-proto': forwardedProto },
    socket: { encrypted },
  });
  it.each([
    ['plain http', request(), 1, false],
    ['TLS on the socket', request(undefined, true), 0, true],
    ['https per the trusted proxy', request('https'), 1, true],
    ['https claimed with no trusted proxy', request('https'), 0, false],
    ['https claimed by the client, http added by the proxy', request('https, http'), 1, false],
  ])('%s → HSTS %s', (_, req, hops, https) => {
    expect(isHttps(req, hops)).toBe(https);
    expect('strict-transport-security' in headersFor(req, headers, hops)).toBe(https);
    expect(headersFor(req, headers, hops)['x-frame-options']).toBe('DENY');
  });
});

describe('a page opened from the analytics provider (spec §7 call 5, visual tagging)', () => {
  const amplitudeOn = securityHeaders(inputs({ NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k' }));
  const from = (referer?: string) => ({ headers: { referer }, socket: {} });
  const scriptSources = (csp: string | undefined) => /script-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ');

  it("names the SDK's own origin and scripts", async () => {
    const messenger = await import('@amplitude/analytics-core');
    // The package's root does not export this constant; it has no exports map, so the path is public.
    const autocapture = await import('@amplitude/plugin-autocapture-browser/lib/esm/constants.js');
    expect(ANALYTICS_PROVIDER_ORIGIN).toBe(messenger.AMPLITUDE_ORIGINS_MAP.US);
    expect(VISUAL_TAGGING_SCRIPTS).toEqual([
      autocapture.AMPLITUDE_VISUAL_TAGGING_SELECTOR_SCRIPT_URL,
      messenger.AMPLITUDE_BACKGROUND_CAPTURE_SCRIPT_URL,
    ]);
  });

  it('from the provider: exactly its two scripts allowed, the opener kept, never cached', () => {
    const headers = headersFor(from(`${ANALYTICS_PROVIDER_ORIGIN}/analytics/org/1/data`), amplitudeOn, 0);
    expect(scriptSources(headers['content-security-policy'])).toEqual([
      ...(scriptSources(amplitudeOn.all['content-security-policy']) ?? []),
      ...VISUAL_TAGGING_SCRIPTS,
    ]);
    expect(headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(headers['cache-control']).toBe('private, no-store');
    // Everything else is the strict set.
    expect(headers['content-security-policy']?.replace(/script-src [^;]*/, '')).toBe(
      amplitudeOn.all['content-security-policy']?.replace(/script-src [^;]*/, ''),
    );
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it.each([
    ['no Referer', undefined],
    ['another site', 'https://evil.example/?to=https://app.amplitude.com'],
    ['a look-alike host', 'https://app.amplitude.com.evil.example/'],
    ['the provider over http', 'http://app.amplitude.com/'],
    ['not a URL', 'app.amplitude.com'],
  ])('from %s: the strict headers', (_case, referer) => {
    expect(headersFor(from(referer), amplitudeOn, 0)).toEqual(amplitudeOn.all);
  });

  it('without Amplitude: the strict headers even from its window', () => {
    const headers = securityHeaders(inputs({ NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w' }));
    expect(headers.openedFromProvider).toBeUndefined();
    expect(headersFor(from(`${ANALYTICS_PROVIDER_ORIGIN}/`), headers, 0)).toEqual(headers.all);
  });

  it('reads the first Referer only', () => {
    expect(isFromOrigin(['https://evil.example/', `${ANALYTICS_PROVIDER_ORIGIN}/`], ANALYTICS_PROVIDER_ORIGIN)).toBe(
      false,
    );
  });
});

describe('refuseRequest', () => {
  it.each([
    ['GET', '/', undefined],
    ['HEAD', '/de', undefined],
    ['POST', '/api/monitoring-proxy?ddforward=x', undefined],
    ['TRACE', '/', 405],
    ['PUT', '/', 405],
    ['OPTIONS', '*', 405],
    [undefined, '/', 405],
    ['GET', '*', 400],
    ['GET', 'http://evil.example/', 400],
    ['GET', '//evil.example/', 400],
    ['GET', undefined, 400],
    ['GET', `/${'a'.repeat(9000)}`, 414],
  ])('%s %s → %s', (method, target, status) => {
    expect(refuseRequest(method, target)?.status).toBe(status);
  });
  it('says which methods are allowed', () => {
    expect(refuseRequest('TRACE', '/')?.headers.allow).toBe('GET, HEAD, POST');
  });
});
