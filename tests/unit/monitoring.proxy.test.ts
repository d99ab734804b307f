// Spec §7 call 9 (monitoring telemetry goes through a fallback proxy on Safari-type browsers) and
// the monitoring issue's rules for it: only Datadog intake paths, bounded body, timeout, 4xx for
// an unexpected target. URLs are built with the SDK's own v7 endpoint builder.
import { createEndpointBuilder, type TrackType } from '@datadog/js-core/transport';
import { parseMonitoringEnv, type EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { CSP_REPORT_PATH, cspReportForward } from '@/monitoring/cspReports';
import { resolveProxyTarget } from '@/monitoring/proxy';

const INTAKE = 'https://browser-intake-datadoghq.com';
const TOKEN = 'pub-abc';
const QUERY = `ddsource=browser&dd-api-key=${TOKEN}&dd-evp-origin-version=7.16.2&dd-evp-origin=browser&dd-request-id=0b6a0f5e-2a51-4a43-9d2c-3a1c3d1f9e42`;

/** The `ddforward` value the SDK itself puts on a proxied request of this track. */
function sdkDdforward(track: TrackType, clientToken = TOKEN): string {
  const url = createEndpointBuilder({ clientToken, proxy: 'https://tenant.example/api/monitoring-proxy' }, track).build(
    'fetch',
    { encoding: 'deflate' },
  );
  const values = new URL(url).searchParams.getAll('ddforward');
  expect(values).toHaveLength(1);
  return values[0]!;
}

describe('resolveProxyTarget', () => {
  it.each(['rum', 'logs', 'replay', 'profile'] as const)(
    'forwards the SDK’s %s requests to the same path and query on the intake',
    (track) => {
      const ddforward = sdkDdforward(track);
      expect(ddforward).toMatch(new RegExp(`^/api/v2/${track}\\?ddsource=browser&dd-api-key=${TOKEN}&`));
      expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toEqual({ ok: true, url: `${INTAKE}${ddforward}` });
    },
  );

  it.each([
    [`/api/v2/rum?${QUERY}&batch_time=1718000000000&_dd.api=beacon`],
    [`/api/v2/logs?${QUERY}`],
    [`/api/v2/replay?${QUERY}&dd-evp-encoding=deflate`],
    [`/api/v2/rum?${QUERY}&_dd.retry_count=1&_dd.retry_after=500`],
    [`/api/v2/rum?${QUERY}&application.id=6a2d7f3c-0000-4000-8000-000000000000`],
  ])('allows %s', (ddforward) => {
    expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toEqual({ ok: true, url: `${INTAKE}${ddforward}` });
  });

  it('keeps a local collector’s base path', () => {
    expect(resolveProxyTarget(`/api/v2/rum?${QUERY}`, 'http://127.0.0.1:4319/collector', TOKEN)).toEqual({
      ok: true,
      url: `http://127.0.0.1:4319/collector/api/v2/rum?${QUERY}`,
    });
  });

  it.each([
    // other hosts, however they are spelled
    [`https://evil.example/api/v2/rum?${QUERY}`],
    [`//evil.example/api/v2/rum?${QUERY}`],
    [`///evil.example/api/v2/rum?${QUERY}`],
    [`\\\\evil.example/api/v2/rum?${QUERY}`],
    [`/\\evil.example/api/v2/rum?${QUERY}`],
    [`https://browser-intake-datadoghq.com.evil.example/api/v2/rum?${QUERY}`],
    [`@evil.example/api/v2/rum?${QUERY}`],
    [`/api/v2/rum@evil.example?${QUERY}`],
    [`https://user:pass@browser-intake-datadoghq.com/api/v2/rum?${QUERY}`],
    [`evil.example/api/v2/rum?${QUERY}`],
    // other paths on the intake host
    [`/api/v2/rum/../../v1/validate?${QUERY}`],
    [`/api/v2/../v1/input?${QUERY}`],
    [`/api/v2/%2e%2e/v1/input?${QUERY}`],
    [`/api/v2/rum/?${QUERY}`],
    [`/api/v2/rum/extra?${QUERY}`],
    [`/api/v2/RUM?${QUERY}`],
    [`/api/v2/rum%3F?${QUERY}`],
    [`/api/v2/rum;x?${QUERY}`],
    [`/api/v2/rum#?${QUERY}`],
    [`/api/v2/profiling/quota?session_id=1`],
    [`/api/v2/exposures?${QUERY}`],
    [`/api/v2/series?${QUERY}`],
    [`/api/v1/input?${QUERY}`],
    [`/?${QUERY}`],
    [`api/v2/rum?${QUERY}`],
    [` /api/v2/rum?${QUERY}`],
    // another organisation's client token
    [`/api/v2/rum?ddsource=browser&dd-api-key=pub-someone-else&dd-request-id=1`],
  ])('refuses %s with 403', (ddforward) => {
    expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toMatchObject({ ok: false, status: 403 });
  });

  it.each([
    [undefined],
    [''],
    [['/api/v2/rum']],
    ['/api/v2/rum'],
    ['/api/v2/rum?'],
    ['/api/v2/rum?ddsource=browser&dd-api-key=pub-abc'],
    [`/api/v2/rum?${QUERY}#fragment`],
    [`/api/v2/rum?${QUERY}&x=a b`],
    [`/api/v2/rum?${QUERY}&x=a\\b`],
    [`/api/v2/rum?${QUERY}&x=\n`],
    [`/api/v2/rum?${QUERY}&pad=${'a'.repeat(5000)}`],
  ])('refuses a missing or malformed value with 400: %j', (ddforward) => {
    expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toMatchObject({ ok: false, status: 400 });
  });

  it.each([
    [`/api/v2/rum?${QUERY}&dd-api-key=pub-second`],
    [`/api/v2/rum?dd-api-key=pub-second&${QUERY}`],
    [`/api/v2/rum?${QUERY}&batch_time=1&batch_time=2`],
  ])('refuses a parameter given twice with 400 (exactly one token): %s', (ddforward) => {
    expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toEqual({
      ok: false,
      status: 400,
      reason: 'repeated intake parameter',
    });
  });

  it('forwards only the parameters the SDK sends, rebuilt in its order', () => {
    const ddforward = `/api/v2/rum?x-extra=1&${QUERY}&_dd.api=fetch&dd-api-key-2=pub-evil&batch_time=1718000000000&host=evil.example`;
    expect(resolveProxyTarget(ddforward, INTAKE, TOKEN)).toEqual({
      ok: true,
      url: `${INTAKE}/api/v2/rum?${QUERY}&batch_time=1718000000000&_dd.api=fetch`,
    });
  });

  it('accepts any client token when none is configured to compare with', () => {
    expect(resolveProxyTarget(sdkDdforward('rum', 'pub-other'), INTAKE)).toMatchObject({ ok: true });
  });

  describe("CSP violation reports (Datadog's CSP integration, src/monitoring/cspReports.ts)", () => {
    const monitoring = parseMonitoringEnv({
      NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app',
      NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: TOKEN,
      NEXT_PUBLIC_COMMIT_SHA: 'abc123',
    }) as EnabledMonitoringConfig;
    /** What the proxy forwards a report sent to the policy's short address as. */
    const reportDdforward = cspReportForward(monitoring);

    it('has the policy name a short address on the telemetry proxy', () => {
      expect(CSP_REPORT_PATH).toBe('/api/monitoring-proxy?csp');
    });
    const CSP = 'dd-api-key=pub-abc&dd-evp-origin=content-security-policy&ddsource=csp-report';

    it('forwards the report to the logs intake, tagged with the tenant host it was sent to', () => {
      expect(reportDdforward).toBe(
        `/api/v2/logs?${CSP}&ddtags=service%3Amicrosites%2Cenv%3Adevelopment%2Cversion%3Aabc123`,
      );
      const target = resolveProxyTarget(reportDdforward, INTAKE, TOKEN, 'kingscross-bagberth.co.uk');
      expect(target).toEqual({
        ok: true,
        url: `${INTAKE}/api/v2/logs?ddsource=csp-report&dd-api-key=pub-abc&dd-evp-origin=content-security-policy&ddtags=service%3Amicrosites%2Cenv%3Adevelopment%2Cversion%3Aabc123%2Ctenant.host%3Akingscross-bagberth.co.uk`,
        cspReport: true,
      });
    });

    it.each([
      ['another origin', `/api/v2/logs?dd-api-key=pub-abc&dd-evp-origin=browser&ddsource=csp-report&ddtags=a`, 400],
      ['no tags', `/api/v2/logs?${CSP}`, 400],
      ['tags twice', `/api/v2/logs?${CSP}&ddtags=a&ddtags=b`, 400],
      ['another track', `/api/v2/rum?${CSP}&ddtags=a`, 400],
      [
        'a foreign token',
        `/api/v2/logs?dd-api-key=pub-evil&dd-evp-origin=content-security-policy&ddsource=csp-report&ddtags=a`,
        403,
      ],
    ])('refuses a report with %s', (_, ddforward, status) => {
      expect(resolveProxyTarget(ddforward, INTAKE, TOKEN, 'kingscross-bagberth.co.uk')).toMatchObject({
        ok: false,
        status,
      });
    });

    it('never forwards tags on the SDK’s own requests', () => {
      expect(
        resolveProxyTarget(`/api/v2/logs?${QUERY}&ddtags=env:forged`, INTAKE, TOKEN, 'kingscross-bagberth.co.uk'),
      ).toEqual({ ok: true, url: `${INTAKE}/api/v2/logs?${QUERY}` });
    });
  });
});
