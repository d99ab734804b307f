// Every environment variable is parsed in src/config/, typed and validated, with every bad
// variable reported at once; the defaults serve the embedded setup with no .env.
// Spec §3 (monitoring config), §9 (sample rates, key redaction).
import { buildEndpointUrl } from '@datadog/js-core/transport';
import { redactKey } from '@/analytics/Analytics';
import { parseAnalyticsEnv } from '@/config/analyticsEnv';
import { parseListenEnv } from '@/config/listenEnv';
import { intakeOriginForSite } from '@/config/datadogSite';
import { parseMonitoringEnv, type EnabledMonitoringConfig } from '@/config/monitoringEnv';
import { parsePublicEnv } from '@/config/publicEnv';
import { DEFAULT_CONTENT_REVALIDATE_SECONDS, MIN_REVALIDATE_SECRET_LENGTH, parseServerEnv } from '@/config/serverEnv';
import { parseEdgeEnv } from '@/config/edgeEnv';

const CONFIGURED = { NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-123', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-abc' };

function enabled(env: Record<string, string | undefined> = {}): EnabledMonitoringConfig {
  const config = parseMonitoringEnv({ ...CONFIGURED, ...env });
  if (!config.enabled) throw new Error('expected monitoring to be on');
  return config;
}

describe('parsePublicEnv', () => {
  it('works with no environment at all', () => {
    expect(parsePublicEnv({})).toEqual({
      micrositesBaseUrl: 'http://localhost:3000',
      customerAppUrl: 'https://app.bagberth.com',
    });
  });

  it('takes URLs from the environment and drops a trailing slash', () => {
    expect(
      parsePublicEnv({
        NEXT_PUBLIC_MICROSITES_BASE_URL: 'https://sites.example.org/',
        NEXT_PUBLIC_CUSTOMER_APP_URL: ' ',
      }),
    ).toEqual({
      micrositesBaseUrl: 'https://sites.example.org',
      customerAppUrl: 'https://app.bagberth.com',
    });
  });

  it.each([
    [
      'NEXT_PUBLIC_MICROSITES_BASE_URL',
      'sites.example.org',
      'Invalid environment variable NEXT_PUBLIC_MICROSITES_BASE_URL: expected an absolute http(s) URL, got "sites.example.org"',
    ],
    [
      'NEXT_PUBLIC_CUSTOMER_APP_URL',
      'ftp://app.example.org',
      'Invalid environment variable NEXT_PUBLIC_CUSTOMER_APP_URL: expected an http or https URL, got "ftp://app.example.org"',
    ],
  ])('rejects a bad %s with a message naming it', (name, value, message) => {
    expect(() => parsePublicEnv({ [name]: value })).toThrow(message);
  });
});

describe('parseServerEnv', () => {
  it.each([
    [undefined, 0],
    ['off', 0],
    ['0', 0],
    ['true', 1],
    ['1', 1],
    ['2', 2],
  ])('TRUST_PROXY=%s → %s trusted proxies', (raw, expected) =>
    expect(parseServerEnv({ TRUST_PROXY: raw }).trustProxyHops).toBe(expected),
  );

  it.each(['maybe', '-1', '11'])('rejects TRUST_PROXY=%s', (raw) => {
    expect(() => parseServerEnv({ TRUST_PROXY: raw })).toThrow(
      `Invalid environment variable TRUST_PROXY: expected false, true or the number of trusted proxies in front (1-10), got "${raw}"`,
    );
  });
});

describe('parseServerEnv: TRUSTED_PROXIES, the peers whose X-Forwarded-* count', () => {
  it('defaults to loopback', () =>
    expect(parseServerEnv({}).trustedProxies).toEqual([
      { family: 'ipv4', address: '127.0.0.0', prefix: 8 },
      { family: 'ipv6', address: '::1', prefix: 128 },
    ]));

  it('takes addresses and CIDR ranges of both families', () =>
    expect(parseServerEnv({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1' }).trustedProxies).toEqual([
      { family: 'ipv4', address: '10.0.0.0', prefix: 8 },
      { family: 'ipv4', address: '192.168.1.7', prefix: 32 },
      { family: 'ipv6', address: 'fd00::', prefix: 8 },
      { family: 'ipv6', address: '::1', prefix: 128 },
    ]));

  // Mutation testing (StrykerJS) found these edges untested: the highest octet, three-digit octets, a trailing comma.
  it('takes 255 in every octet, three-digit octets, and ignores an empty entry', () =>
    expect(parseServerEnv({ TRUSTED_PROXIES: '255.255.255.255,100.100.100.100/32,' }).trustedProxies).toEqual([
      { family: 'ipv4', address: '255.255.255.255', prefix: 32 },
      { family: 'ipv4', address: '100.100.100.100', prefix: 32 },
    ]));

  it.each([
    ['x10.0.0.1', 'x10.0.0.1'],
    ['10.0.0.1x', '10.0.0.1x'],
    ['10.0.0.0/x8', '10.0.0.0/x8'],
    ['10.0.0.0/8x', '10.0.0.0/8x'],
    ['fd00::/8x', 'fd00::/8x'],
    ['10.0.0.0/33,proxy.internal', '10.0.0.0/33,proxy.internal'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['256.1.1.1', '256.1.1.1'],
    ['10.0.0.01', '10.0.0.01'],
    ['proxy.internal', 'proxy.internal'],
    ['127.0.0.1, fd00::/129', 'fd00::/129'],
    ['10.0.0.0/8/8', '10.0.0.0/8/8'],
    ['::g', '::g'],
    [',', ','],
  ])('rejects TRUSTED_PROXIES=%s, naming the bad entries', (raw, bad) => {
    expect(() => parseServerEnv({ TRUSTED_PROXIES: raw })).toThrow(
      `Invalid environment variable TRUSTED_PROXIES: expected IP addresses or CIDR ranges separated by commas, such as "127.0.0.0/8,::1/128" or "10.0.0.0/8", got "${bad}"`,
    );
  });
});

describe('parseAnalyticsEnv', () => {
  it('turns a client off without its key', () => {
    expect(parseAnalyticsEnv({})).toEqual({ amplitude: undefined, segment: undefined });
    expect(parseAnalyticsEnv({ NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w' })).toEqual({
      amplitude: undefined,
      segment: { writeKey: 'w', apiHost: undefined, cdnUrl: undefined },
    });
  });

  it('reads endpoint overrides and rejects bad ones by name', () => {
    expect(
      parseAnalyticsEnv({
        NEXT_PUBLIC_AMPLITUDE_API_KEY: 'k',
        NEXT_PUBLIC_AMPLITUDE_SERVER_URL: 'http://localhost:4100/amplitude/2/httpapi',
      }).amplitude,
    ).toEqual({
      apiKey: 'k',
      serverUrl: 'http://localhost:4100/amplitude/2/httpapi',
      remoteConfigUrl: undefined,
    });
    expect(() => parseAnalyticsEnv({ NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w', NEXT_PUBLIC_SEGMENT_CDN_URL: 'cdn' })).toThrow(
      'NEXT_PUBLIC_SEGMENT_CDN_URL',
    );
  });

  it('redacts keys to 10 characters', () => expect(redactKey('abcdefghijklmnop')).toBe('abcdefghij…'));
});

describe('parseMonitoringEnv', () => {
  it('is cleanly off without an application id and a client token', () => {
    const config = parseMonitoringEnv({});
    expect(config).toMatchObject({ enabled: false, applicationId: undefined, clientToken: undefined });
  });

  it('treats blank values as unset', () => {
    expect(
      parseMonitoringEnv({ NEXT_PUBLIC_DATADOG_APPLICATION_ID: ' ', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: '' }).enabled,
    ).toBe(false);
  });

  it('is on with both, and fills every default', () => {
    expect(parseMonitoringEnv(CONFIGURED)).toEqual({
      enabled: true,
      applicationId: 'app-123',
      clientToken: 'pub-abc',
      site: 'datadoghq.com',
      service: 'microsites',
      env: 'development',
      version: 'dev',
      tracingOrigins: [],
      trackUserInteractions: true,
      trackResources: true,
      trackLongTasks: true,
      sampleRate: 100,
      sessionReplaySampleRate: 20,
      proxyUrl: undefined,
      compressIntakeRequests: true,
    });
  });

  it('takes every value from the environment', () => {
    expect(
      enabled({
        NEXT_PUBLIC_DATADOG_SITE: 'datadoghq.eu',
        NEXT_PUBLIC_DATADOG_SERVICE: 'bagberth-sites',
        NEXT_PUBLIC_DATADOG_ENV: 'staging',
        NEXT_PUBLIC_COMMIT_SHA: '6c44da20',
        NEXT_PUBLIC_DATADOG_PROXY_URL: 'http://127.0.0.1:4319/intake/',
        NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: 'false',
      }),
    ).toMatchObject({
      site: 'datadoghq.eu',
      service: 'bagberth-sites',
      env: 'staging',
      version: '6c44da20',
      proxyUrl: 'http://127.0.0.1:4319/intake',
      compressIntakeRequests: false,
    });
  });

  it.each([
    ['production', 50],
    ['staging', 100],
    ['development', 100],
    [undefined, 100],
  ])('samples sessions by environment: %s → %i %%', (env, rate) => {
    const config = enabled({ NEXT_PUBLIC_DATADOG_ENV: env });
    expect(config.sampleRate).toBe(rate);
    expect(config.sessionReplaySampleRate).toBe(20);
  });

  it.each([
    [
      { NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-123' },
      'Invalid environment variable NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set',
    ],
    [
      { NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-abc' },
      'Invalid environment variable NEXT_PUBLIC_DATADOG_APPLICATION_ID: required when NEXT_PUBLIC_DATADOG_CLIENT_TOKEN is set',
    ],
    [{ NEXT_PUBLIC_DATADOG_SITE: 'https://datadoghq.eu' }, 'Invalid environment variable NEXT_PUBLIC_DATADOG_SITE'],
    // The privacy policy names where Datadog stores the data (issue 21 item 5): only sites it knows.
    [
      { NEXT_PUBLIC_DATADOG_SITE: 'datadoghq.example' },
      'Invalid environment variable NEXT_PUBLIC_DATADOG_SITE: "datadoghq.example" is not a Datadog site whose data location',
    ],
    [{ NEXT_PUBLIC_DATADOG_PROXY_URL: 'collector:4319' }, 'Invalid environment variable NEXT_PUBLIC_DATADOG_PROXY_URL'],
    [
      { NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: 'sometimes' },
      'Invalid environment variable NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE',
    ],
  ])('rejects a bad setting with a message naming the variable: %o', (env, message) => {
    expect(() => parseMonitoringEnv(env)).toThrow(message);
  });
});

describe('intakeOriginForSite', () => {
  it.each([
    'datadoghq.com',
    'datadoghq.eu',
    'us3.datadoghq.com',
    'us5.datadoghq.com',
    'ap1.datadoghq.com',
    'ddog-gov.com',
    'us2.ddog-gov.com',
  ])('matches the SDK’s own intake host for %s', (site) => {
    const sdkUrl = new URL(buildEndpointUrl({ site, path: '/api/v2/rum' }));
    expect(intakeOriginForSite(site)).toBe(sdkUrl.origin);
  });
});

describe('parseServerEnv: the Datadog proxy', () => {
  it('targets the intake of the configured Datadog site', () => {
    expect(parseServerEnv({}).monitoringProxy).toEqual({
      intakeBase: 'https://browser-intake-datadoghq.com',
      clientToken: undefined,
    });
    expect(
      parseServerEnv({ NEXT_PUBLIC_DATADOG_SITE: 'us3.datadoghq.com', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-abc' })
        .monitoringProxy,
    ).toEqual({
      intakeBase: 'https://browser-intake-us3-datadoghq.com',
      clientToken: 'pub-abc',
    });
  });

  it('lets tests point the intake at a local collector', () => {
    expect(parseServerEnv({ DATADOG_INTAKE_URL: 'http://127.0.0.1:4319/' }).monitoringProxy.intakeBase).toBe(
      'http://127.0.0.1:4319',
    );
  });

  it.each(['127.0.0.1:4319', 'http://127.0.0.1:4319/?x=1'])(
    'rejects DATADOG_INTAKE_URL=%s with a message naming it',
    (value) => {
      expect(() => parseServerEnv({ DATADOG_INTAKE_URL: value })).toThrow(
        'Invalid environment variable DATADOG_INTAKE_URL',
      );
    },
  );
});

describe('parseServerEnv: content', () => {
  it('defaults to embedded content and an hourly revalidation', () => {
    expect(parseServerEnv({})).toMatchObject({
      contentServiceUrl: undefined,
      revalidateSeconds: DEFAULT_CONTENT_REVALIDATE_SECONDS,
    });
    expect(DEFAULT_CONTENT_REVALIDATE_SECONDS).toBe(3600);
  });

  it('reads both variables, dropping a trailing slash', () => {
    expect(
      parseServerEnv({ CONTENT_SERVICE_URL: 'https://content.example/v1/', CONTENT_REVALIDATE_SECONDS: '600' }),
    ).toMatchObject({
      contentServiceUrl: 'https://content.example/v1',
      revalidateSeconds: 600,
    });
  });

  it.each([
    [
      { CONTENT_SERVICE_URL: 'content.example' },
      'Invalid environment variable CONTENT_SERVICE_URL: expected an absolute http(s) URL, got "content.example"',
    ],
    [
      { CONTENT_REVALIDATE_SECONDS: '0' },
      'Invalid environment variable CONTENT_REVALIDATE_SECONDS: expected a positive whole number, got "0"',
    ],
    [
      { CONTENT_REVALIDATE_SECONDS: '1h' },
      'Invalid environment variable CONTENT_REVALIDATE_SECONDS: expected a positive whole number, got "1h"',
    ],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => parseServerEnv(env)).toThrow(message);
  });
});

describe('parseServerEnv: GRAPHQL_URL', () => {
  it('is undefined when GRAPHQL_URL is unset or blank', () => {
    expect(parseServerEnv({}).graphqlUrl).toBeUndefined();
    expect(parseServerEnv({ GRAPHQL_URL: '  ' }).graphqlUrl).toBeUndefined();
  });

  it('reads an absolute http(s) URL, without a trailing slash', () => {
    expect(parseServerEnv({ GRAPHQL_URL: 'https://api.example.org/graphql/' }).graphqlUrl).toBe(
      'https://api.example.org/graphql',
    );
  });

  it('names the variable when the value is bad', () => {
    expect(() => parseServerEnv({ GRAPHQL_URL: 'api/graphql' })).toThrow('GRAPHQL_URL');
  });
});

describe('one parser, several bad variables', () => {
  it('reports them together, naming each', () => {
    expect(() =>
      parsePublicEnv({ NEXT_PUBLIC_MICROSITES_BASE_URL: 'a', NEXT_PUBLIC_CUSTOMER_APP_URL: 'ftp://b' }),
    ).toThrow(/NEXT_PUBLIC_MICROSITES_BASE_URL[^]*NEXT_PUBLIC_CUSTOMER_APP_URL/);
  });
});

describe('parseListenEnv: where the standalone server listens (read at its start)', () => {
  it('defaults to port 3000 on every interface', () =>
    expect(parseListenEnv({})).toEqual({ port: 3000, hostname: '0.0.0.0' }));
  // Loopback: deploy/ puts the instances behind nginx on the same machine, out of any other's reach.
  it.each(['0.0.0.0', '::', '127.0.0.1', '::1'])('takes PORT and HOSTNAME=%s', (hostname) =>
    expect(parseListenEnv({ PORT: '8080', HOSTNAME: hostname })).toEqual({ port: 8080, hostname }),
  );
  it.each(['0', '65536', 'http'])('rejects PORT=%s, naming it', (port) => {
    expect(() => parseListenEnv({ PORT: port })).toThrow(
      `Invalid environment variable PORT: expected a port number (1-65535), got "${port}"`,
    );
  });
  // The standalone trap (docs/deploy.md): a container's name, or any other name, as HOSTNAME.
  it.each(['a1b2c3d4e5f6', 'localhost', '10.0.0.5'])('refuses HOSTNAME=%s, saying what to set', (hostname) => {
    expect(() => parseListenEnv({ HOSTNAME: hostname })).toThrow(
      `Invalid environment variable HOSTNAME: expected 0.0.0.0 or :: (every interface), or 127.0.0.1 or ::1 (behind a proxy on the same machine), got "${hostname}". Containers set HOSTNAME to their own name: set HOSTNAME=0.0.0.0 where the server starts`,
    );
  });
});

describe('parseServerEnv: the shared cache and the proxy purge', () => {
  it('are off by default', () => expect(parseServerEnv({})).toMatchObject({ redisUrl: undefined, proxyPurgeUrls: [] }));
  it('take a redis:// or rediss:// URL and an http(s) purge URL', () => {
    expect(
      parseServerEnv({
        REDIS_URL: 'rediss://user:pw@cache.internal:6380/0',
        PROXY_PURGE_URL: 'http://127.0.0.1:8082/purge',
      }),
    ).toMatchObject({
      redisUrl: 'rediss://user:pw@cache.internal:6380/0',
      proxyPurgeUrls: ['http://127.0.0.1:8082/purge'],
    });
  });
  it('take one purge URL per proxy, comma-separated (issue 24 item 5)', () => {
    expect(
      parseServerEnv({ PROXY_PURGE_URL: ' http://proxy-a:8082/purge/, https://proxy-b.internal/purge ,' })
        .proxyPurgeUrls,
    ).toEqual(['http://proxy-a:8082/purge', 'https://proxy-b.internal/purge']);
  });
  it.each(['proxy-a:8082/purge', 'http://proxy-a/purge,ftp://proxy-b/purge'])(
    'rejects PROXY_PURGE_URL=%s, naming the part',
    (value) => {
      expect(() => parseServerEnv({ PROXY_PURGE_URL: value })).toThrow(
        /Invalid environment variable PROXY_PURGE_URL: expected one or more http\(s\) URLs separated by commas, got "(proxy-a:8082\/purge|ftp:\/\/proxy-b\/purge)"/,
      );
    },
  );
  it.each(['127.0.0.1:6379', 'http://cache:6379', 'redis'])('rejects REDIS_URL=%s, naming it', (url) => {
    expect(() => parseServerEnv({ REDIS_URL: url })).toThrow(
      `Invalid environment variable REDIS_URL: expected a redis:// or rediss:// URL, got "${url}"`,
    );
  });
});

describe('parseServerEnv: REVALIDATE_SECRET', () => {
  const LONG_ENOUGH = 'a'.repeat(32);

  it('is off when unset or blank', () => {
    expect(parseServerEnv({}).revalidateSecret).toBeUndefined();
    expect(parseServerEnv({ REVALIDATE_SECRET: ' ' }).revalidateSecret).toBeUndefined();
  });

  it('takes a secret of 32 characters or more', () => {
    expect(MIN_REVALIDATE_SECRET_LENGTH).toBe(32);
    expect(parseServerEnv({ REVALIDATE_SECRET: LONG_ENOUGH }).revalidateSecret).toBe(LONG_ENOUGH);
  });

  // A short secret can be guessed, even behind the rate limits (docs/deploy.md).
  it.each(['e2e-secret-0', 'a'.repeat(31), ` ${'a'.repeat(31)} `])(
    'refuses %j by its length, never printing it',
    (secret) => {
      const length = secret.trim().length;
      expect(() => parseServerEnv({ REVALIDATE_SECRET: secret })).toThrow(
        `Invalid environment variable REVALIDATE_SECRET: expected at least 32 characters (a random secret, e.g. openssl rand -hex 32), got ${length}`,
      );
      expect(() => parseServerEnv({ REVALIDATE_SECRET: secret })).not.toThrow(secret.trim());
    },
  );
});

// Issue 22 item 4, issue 36 item 3 (docs/consent.md): how the proxy finds the visitor's country.
describe('parseEdgeEnv', () => {
  it('reads no CDN header when unset or blank, and trusts loopback to forward', () => {
    expect(parseEdgeEnv({}).consentCountryHeader).toBeUndefined();
    expect(parseEdgeEnv({ CONSENT_COUNTRY_HEADER: '  ' }).consentCountryHeader).toBeUndefined();
    expect(parseEdgeEnv({}).trustedForwarders.map(({ address, prefix }) => `${address}/${prefix}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ]);
  });

  it.each([
    ['CF-IPCountry', 'cf-ipcountry'],
    ['CloudFront-Viewer-Country', 'cloudfront-viewer-country'],
    [' X-Country ', 'x-country'],
  ])('takes %j as the header %j', (raw, expected) => {
    expect(parseEdgeEnv({ CONSENT_COUNTRY_HEADER: raw }).consentCountryHeader).toBe(expected);
  });

  it.each(['CF IPCountry', 'CF-IPCountry:', 'x_country', '$http_cf_ipcountry', 'Länder'])(
    'refuses %j, naming the variable',
    (raw) => {
      expect(() => parseEdgeEnv({ CONSENT_COUNTRY_HEADER: raw })).toThrow(
        `Invalid environment variable CONSENT_COUNTRY_HEADER: expected a request header's name, such as CF-IPCountry, got ${JSON.stringify(raw.trim())}`,
      );
    },
  );

  it("takes the load balancers' ranges, and refuses what is none", () => {
    expect(parseEdgeEnv({ PROXY_TRUSTED_FORWARDERS: '10.0.0.0/8, 192.168.1.7' }).trustedForwarders).toHaveLength(2);
    expect(() => parseEdgeEnv({ PROXY_TRUSTED_FORWARDERS: '10.0.0.0/33' })).toThrow(
      'Invalid environment variable PROXY_TRUSTED_FORWARDERS',
    );
  });
});
