// The security headers, the CSP's endpoints and hashes, and the requests the
// server refuses before Next sees them.
import { describe, expect, it } from 'vitest';
import { parseAnalyticsEnv } from '@/config/analyticsEnv';
import { parseMonitoringEnv } from '@/config/monitoringEnv';
import { connectOrigins, contentSecurityPolicy, inlineScripts, securityHeaders } from '@/security/policy';
import { refuseRequest } from '@/security/requestGuard';
import { headersFor, isHttps } from '@/security/serverHeaders';

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
    ['Amplitude on its defaults', { NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k' }, undefined, ['https://api2.amplitude.com', 'https://sr-client-cfg.amplitude.com']],
    ['Segment on its defaults', { NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w' }, undefined, ['https://api.segment.io', 'https://cdn.segment.com']],
    ['Datadog EU', { ...monitoringOn, NEXT_PUBLIC_DATADOG_SITE: 'datadoghq.eu' }, undefined, ['https://browser-intake-datadoghq.eu']],
    ['Datadog through a proxy', { ...monitoringOn, NEXT_PUBLIC_DATADOG_PROXY_URL: 'https://t.example/dd?x=1' }, undefined, ['https://t.example']],
    ['the GraphQL API', {}, 'https://api.example/graphql', ['https://api.example']],
    [
      'overridden endpoints, de-duplicated',
      { NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k', NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'http://localhost:4100/a', NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: 'http://localhost:4100/c' },
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
    const path = '/api/monitoring-proxy?ddforward=%2Fapi%2Fv2%2Flogs%3Fdd-api-key%3Dpub%26dd-evp-origin%3Dcontent-security-policy%26ddsource%3Dcsp-report%26ddtags%3Dservice%253Amicrosites%252Cenv%253Adevelopment%252Cversion%253Adev';
    expect(headers['content-security-policy']).toMatch(new RegExp(`; report-uri ${path.replace(/[?]/g, '\\?')}; report-to csp$`));
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
  const request = (forwardedProto?: string, encrypted = false) => ({ headers: { 'x-forwarded-proto': forwardedProto }, socket: { encrypted } });
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
