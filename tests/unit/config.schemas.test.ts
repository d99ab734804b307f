// Issue 40 item 2: each environment audience has one zod schema (src/config/). Every variable of
// every schema is in this table, with its default, a good value and, where one exists, a bad value
// and the message that names it; the table fails when a schema gains a variable it does not list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAnalyticsEnv, analyticsEnvSchema } from '@/config/analyticsEnv';
import { parseBuiltEnv } from '@/config/builtEnv';
import { edgeEnvSchema, parseEdgeEnv } from '@/config/edgeEnv';
import { listenEnvSchema, parseListenEnv } from '@/config/listenEnv';
import { monitoringEnvSchema, parseMonitoringEnv } from '@/config/monitoringEnv';
import { opsEnvSchema, parseOpsEnv } from '@/config/opsEnv';
import { EnvError, variablesOf, type Env } from '@/config/parse';
import { parsePublicEnv, publicEnvSchema } from '@/config/publicEnv';
import { parseServerEnv, serverEnvSchema } from '@/config/serverEnv';

type Row = {
  name: string;
  /** What the parsed settings hold of this variable. */
  read: (parsed: never) => unknown;
  /** Its value when unset, or the problem an unset variable is (given the audience's other variables). */
  default: unknown;
  good: [raw: string, parsed: unknown];
  bad?: [raw: string, message: string];
};

const LOOPBACK = [
  { family: 'ipv4', address: '127.0.0.0', prefix: 8 },
  { family: 'ipv6', address: '::1', prefix: 128 },
];
/** Unset, the variable is a problem: its message. */
const missing = (message: string) => ({ missing: message });
const OPS_REQUIRED = {
  OPS_NOTIFY_CRITICAL: '@pagerduty-a',
  OPS_NOTIFY_WARNING: '@slack-b',
  OPS_RUM_APPLICATION_ID: 'rum',
};

/** Each audience: its schema, its parse, what every parse needs besides the variable under test, its rows. */
const AUDIENCES: {
  audience: string;
  variables: string[];
  parse: (env: Env) => unknown;
  base?: Env;
  rows: Row[];
}[] = [
  {
    audience: 'public: the site',
    variables: variablesOf(publicEnvSchema),
    parse: parsePublicEnv,
    rows: [
      {
        name: 'NEXT_PUBLIC_MICROSITES_BASE_URL',
        read: (env: ReturnType<typeof parsePublicEnv>) => env.micrositesBaseUrl,
        default: 'http://localhost:3000',
        good: [' https://sites.example.org/ ', 'https://sites.example.org'],
        bad: ['sites.example.org', 'expected an absolute http(s) URL, got "sites.example.org"'],
      },
      {
        name: 'NEXT_PUBLIC_CUSTOMER_APP_URL',
        read: (env: ReturnType<typeof parsePublicEnv>) => env.customerAppUrl,
        default: 'https://app.bagberth.com',
        good: ['https://book.example.org/app//', 'https://book.example.org/app'],
        bad: ['ftp://app.example.org', 'expected an http or https URL, got "ftp://app.example.org"'],
      },
    ],
  },
  {
    audience: 'public: analytics',
    variables: variablesOf(analyticsEnvSchema),
    parse: parseAnalyticsEnv,
    base: { NEXT_PUBLIC_AMPLITUDE_API_KEY: 'amp-key', NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'seg-key' },
    rows: [
      {
        name: 'NEXT_PUBLIC_AMPLITUDE_API_KEY',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.amplitude?.apiKey,
        default: undefined,
        good: [' other-key ', 'other-key'],
      },
      {
        name: 'NEXT_PUBLIC_AMPLITUDE_SERVER_URL',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.amplitude?.serverUrl,
        default: undefined,
        good: ['http://localhost:4100/amplitude/2/httpapi', 'http://localhost:4100/amplitude/2/httpapi'],
        bad: ['collector', 'expected an absolute http(s) URL, got "collector"'],
      },
      {
        name: 'NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.amplitude?.remoteConfigUrl,
        default: undefined,
        good: ['https://config.example/', 'https://config.example'],
        bad: ['wss://config.example', 'expected an http or https URL, got "wss://config.example"'],
      },
      {
        name: 'NEXT_PUBLIC_SEGMENT_WRITE_KEY',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.segment?.writeKey,
        default: undefined,
        good: ['w', 'w'],
      },
      {
        name: 'NEXT_PUBLIC_SEGMENT_API_HOST',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.segment?.apiHost,
        default: undefined,
        good: ['https://api.segment.io/v1', 'https://api.segment.io/v1'],
        bad: ['api.segment.io', 'expected an absolute http(s) URL, got "api.segment.io"'],
      },
      {
        name: 'NEXT_PUBLIC_SEGMENT_CDN_URL',
        read: (env: ReturnType<typeof parseAnalyticsEnv>) => env.segment?.cdnUrl,
        default: undefined,
        good: ['https://cdn.example/', 'https://cdn.example'],
        bad: ['cdn', 'expected an absolute http(s) URL, got "cdn"'],
      },
    ],
  },
  {
    audience: 'public: monitoring',
    variables: variablesOf(monitoringEnvSchema),
    parse: parseMonitoringEnv,
    base: { NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-1', NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: 'pub-1' },
    rows: [
      {
        name: 'NEXT_PUBLIC_DATADOG_APPLICATION_ID',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.applicationId,
        default: missing('required when NEXT_PUBLIC_DATADOG_CLIENT_TOKEN is set'),
        good: ['app-2', 'app-2'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_CLIENT_TOKEN',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.clientToken,
        default: missing('required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set'),
        good: ['pub-2', 'pub-2'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_SITE',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.site,
        default: 'datadoghq.com',
        good: [' DatadogHQ.EU ', 'datadoghq.eu'],
        bad: [
          'datadoghq.example',
          '"datadoghq.example" is not a Datadog site whose data location the privacy policy knows; add it to DATADOG_SITE_COUNTRIES (src/config/datadogSite.ts)',
        ],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_SERVICE',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.service,
        default: 'microsites',
        good: ['bagberth-sites', 'bagberth-sites'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_ENV',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => [env.env, env.sampleRate],
        default: ['development', 100],
        good: ['production', ['production', 50]],
      },
      {
        name: 'NEXT_PUBLIC_COMMIT_SHA',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.version,
        default: 'dev',
        good: ['6c44da20', '6c44da20'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_PROXY_URL',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.proxyUrl,
        default: undefined,
        good: ['http://127.0.0.1:4319/intake/', 'http://127.0.0.1:4319/intake'],
        bad: ['collector:4319', 'expected an http or https URL, got "collector:4319"'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE',
        read: (env: ReturnType<typeof parseMonitoringEnv>) => env.compressIntakeRequests,
        default: true,
        good: ['Off', false],
        bad: ['sometimes', 'expected true or false, got "sometimes"'],
      },
    ],
  },
  {
    audience: 'server',
    variables: variablesOf(serverEnvSchema),
    parse: parseServerEnv,
    rows: [
      {
        name: 'BEHIND_PROXY',
        read: (env: ReturnType<typeof parseServerEnv>) => env.behindProxy,
        default: false,
        good: ['YES', true],
        bad: ['2', 'expected true or false, got "2"'],
      },
      {
        name: 'TRUST_PROXY',
        read: (env: ReturnType<typeof parseServerEnv>) => env.trustProxyHops,
        default: 0,
        good: ['true', 1],
        bad: ['11', 'expected false, true or the number of trusted proxies in front (1-10), got "11"'],
      },
      {
        name: 'TRUSTED_PROXIES',
        read: (env: ReturnType<typeof parseServerEnv>) => env.trustedProxies,
        default: LOOPBACK,
        good: [
          '10.0.0.0/8, fd00::/8',
          [
            { family: 'ipv4', address: '10.0.0.0', prefix: 8 },
            { family: 'ipv6', address: 'fd00::', prefix: 8 },
          ],
        ],
        bad: [
          '10.0.0.0/33',
          'expected IP addresses or CIDR ranges separated by commas, such as "127.0.0.0/8,::1/128" or "10.0.0.0/8", got "10.0.0.0/33"',
        ],
      },
      {
        name: 'DATADOG_INTAKE_URL',
        read: (env: ReturnType<typeof parseServerEnv>) => env.monitoringProxy.intakeBase,
        default: 'https://browser-intake-datadoghq.com',
        good: ['http://127.0.0.1:4319/', 'http://127.0.0.1:4319'],
        bad: [
          'http://127.0.0.1:4319/?x=1',
          'expected an origin or path without query or fragment, got "http://127.0.0.1:4319/?x=1"',
        ],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_SITE',
        read: (env: ReturnType<typeof parseServerEnv>) => env.monitoringProxy.intakeBase,
        default: 'https://browser-intake-datadoghq.com',
        good: ['us3.datadoghq.com', 'https://browser-intake-us3-datadoghq.com'],
        bad: ['https://datadoghq.eu', 'expected a Datadog site such as "datadoghq.eu", got "https://datadoghq.eu"'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_CLIENT_TOKEN',
        read: (env: ReturnType<typeof parseServerEnv>) => env.monitoringProxy.clientToken,
        default: undefined,
        good: ['pub-abc', 'pub-abc'],
      },
      {
        name: 'CONTENT_SERVICE_URL',
        read: (env: ReturnType<typeof parseServerEnv>) => env.contentServiceUrl,
        default: undefined,
        good: ['https://content.example/v1/', 'https://content.example/v1'],
        bad: ['content.example', 'expected an absolute http(s) URL, got "content.example"'],
      },
      {
        name: 'CONTENT_REVALIDATE_SECONDS',
        read: (env: ReturnType<typeof parseServerEnv>) => env.revalidateSeconds,
        default: 3600,
        good: ['600', 600],
        bad: ['1h', 'expected a positive whole number, got "1h"'],
      },
      {
        name: 'GRAPHQL_URL',
        read: (env: ReturnType<typeof parseServerEnv>) => env.graphqlUrl,
        default: undefined,
        good: ['https://api.example.org/graphql/', 'https://api.example.org/graphql'],
        bad: ['api/graphql', 'expected an absolute http(s) URL, got "api/graphql"'],
      },
      {
        name: 'REVALIDATE_SECRET',
        read: (env: ReturnType<typeof parseServerEnv>) => env.revalidateSecret,
        default: undefined,
        good: ['a'.repeat(32), 'a'.repeat(32)],
        bad: ['short', 'expected at least 32 characters (a random secret, e.g. openssl rand -hex 32), got 5'],
      },
      {
        name: 'REDIS_URL',
        read: (env: ReturnType<typeof parseServerEnv>) => env.redisUrl,
        default: undefined,
        good: ['rediss://user:pw@cache.internal:6380/0', 'rediss://user:pw@cache.internal:6380/0'],
        bad: ['http://cache:6379', 'expected a redis:// or rediss:// URL, got "http://cache:6379"'],
      },
      {
        name: 'PROXY_PURGE_URL',
        read: (env: ReturnType<typeof parseServerEnv>) => env.proxyPurgeUrls,
        default: [],
        good: ['http://a:8082/purge/ , https://b/purge,', ['http://a:8082/purge', 'https://b/purge']],
        bad: ['http://a/purge,ftp://b', 'expected one or more http(s) URLs separated by commas, got "ftp://b"'],
      },
    ],
  },
  {
    audience: "edge: the caching proxy's",
    variables: variablesOf(edgeEnvSchema),
    parse: parseEdgeEnv,
    rows: [
      {
        name: 'CONSENT_COUNTRY_HEADER',
        read: (env: ReturnType<typeof parseEdgeEnv>) => env.consentCountryHeader,
        default: undefined,
        good: ['CF-IPCountry', 'cf-ipcountry'],
        bad: ['x_country', `expected a request header's name, such as CF-IPCountry, got "x_country"`],
      },
      {
        name: 'PROXY_TRUSTED_FORWARDERS',
        read: (env: ReturnType<typeof parseEdgeEnv>) => env.trustedForwarders,
        default: LOOPBACK,
        good: ['192.168.1.7', [{ family: 'ipv4', address: '192.168.1.7', prefix: 32 }]],
        bad: [
          'proxy.internal',
          'expected IP addresses or CIDR ranges separated by commas, such as "127.0.0.0/8,::1/128" or "10.0.0.0/8", got "proxy.internal"',
        ],
      },
    ],
  },
  {
    audience: 'listen',
    variables: variablesOf(listenEnvSchema),
    parse: parseListenEnv,
    rows: [
      {
        name: 'PORT',
        read: (env: ReturnType<typeof parseListenEnv>) => env.port,
        default: 3000,
        good: ['8080', 8080],
        bad: ['65536', 'expected a port number (1-65535), got "65536"'],
      },
      {
        name: 'HOSTNAME',
        read: (env: ReturnType<typeof parseListenEnv>) => env.hostname,
        default: '0.0.0.0',
        good: ['::1', '::1'],
        bad: [
          'web-7f9c',
          'expected 0.0.0.0 or :: (every interface), or 127.0.0.1 or ::1 (behind a proxy on the same machine), got "web-7f9c". Containers set HOSTNAME to their own name: set HOSTNAME=0.0.0.0 where the server starts',
        ],
      },
    ],
  },
  {
    audience: 'ops',
    variables: variablesOf(opsEnvSchema),
    parse: parseOpsEnv,
    base: OPS_REQUIRED,
    rows: [
      {
        name: 'OPS_NOTIFY_CRITICAL',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.notify.critical,
        default: missing(
          'required: the Datadog handles an outage pages, space-separated (e.g. @pagerduty-microsites, @slack-microsites-alerts)',
        ),
        good: ['@team-web, @oncall@example.com', ['@team-web', '@oncall@example.com']],
        bad: ['pagerduty', '"pagerduty" is not a Datadog handle (@ and a name, or @ and an e-mail address)'],
      },
      {
        name: 'OPS_NOTIFY_WARNING',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.notify.warning,
        default: missing(
          'required: the Datadog handles a warning reaches, space-separated (e.g. @pagerduty-microsites, @slack-microsites-alerts)',
        ),
        good: ['@slack-c', ['@slack-c']],
        bad: ['@slack-c slack-d', '"slack-d" is not a Datadog handle (@ and a name, or @ and an e-mail address)'],
      },
      {
        name: 'OPS_ENV',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.env,
        default: 'production',
        good: ['staging', 'staging'],
      },
      {
        name: 'OPS_RUM_APPLICATION_ID',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.rumApplicationId,
        default: missing(
          'required (or NEXT_PUBLIC_DATADOG_APPLICATION_ID): the RUM application every RUM query is scoped to',
        ),
        good: ['rum-2', 'rum-2'],
      },
      {
        name: 'NEXT_PUBLIC_DATADOG_APPLICATION_ID',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.rumApplicationId,
        default: 'rum',
        // OPS_RUM_APPLICATION_ID wins; the fallback itself is in config.opsEnv.test.ts.
        good: ['built-with', 'rum'],
      },
      {
        name: 'OPS_SYNTHETICS_LOCATIONS',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.synthetics.locations,
        default: ['aws:eu-central-1', 'aws:eu-west-2', 'aws:us-east-2'],
        good: ['aws:eu-central-1 pl:abc', ['aws:eu-central-1', 'pl:abc']],
        bad: ['frankfurt', '"frankfurt" is not a Datadog location (aws:eu-central-1, pl:<private location id>)'],
      },
      {
        name: 'OPS_SYNTHETICS_TICK_EVERY',
        read: (env: ReturnType<typeof parseOpsEnv>) => env.synthetics.tickEverySeconds,
        default: 180,
        good: ['604800', 604800],
        bad: ['10', 'expected seconds between 30 and 604800, got 10'],
      },
    ],
  },
];

const problemsOf = (parse: () => unknown): readonly string[] => {
  try {
    parse();
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
};

describe.each(AUDIENCES)('the $audience schema', ({ variables, parse, base = {}, rows }) => {
  it('has a row for each of its variables, and no other', () =>
    expect(rows.map((row) => row.name).sort()).toEqual([...variables].sort()));

  describe.each(rows)('$name', ({ name, read, default: fallback, good, bad }) => {
    const value = (env: Env) => (read as (parsed: unknown) => unknown)(parse({ ...base, ...env }));
    it('has its default when unset or blank', () => {
      for (const unset of [undefined, '  ']) {
        if (fallback instanceof Object && 'missing' in fallback)
          expect(problemsOf(() => parse({ ...base, [name]: unset }))).toEqual([
            `Invalid environment variable ${name}: ${String(fallback.missing)}`,
          ]);
        else expect(value({ [name]: unset })).toEqual(fallback);
      }
    });
    it(`takes ${JSON.stringify(good[0])}`, () => expect(value({ [name]: good[0] })).toEqual(good[1]));
    // A free-text variable (a name, a token) has no value to refuse, and no such test.
    if (bad)
      it(`refuses ${JSON.stringify(bad[0])}, naming the variable and what it wants`, () => {
        expect(problemsOf(() => parse({ ...base, [name]: bad[0] }))).toEqual([
          `Invalid environment variable ${name}: ${bad[1]}`,
        ]);
      });
  });
});

describe('rules across variables', () => {
  it('names every bad variable at once, in the order the schema lists them, rules across them included', () =>
    expect(
      problemsOf(() =>
        parseMonitoringEnv({
          NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: 'sometimes',
          NEXT_PUBLIC_DATADOG_PROXY_URL: 'x',
          NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-1',
        }),
      ).map((problem) => problem.split(':')[0]),
    ).toEqual([
      'Invalid environment variable NEXT_PUBLIC_DATADOG_CLIENT_TOKEN',
      'Invalid environment variable NEXT_PUBLIC_DATADOG_PROXY_URL',
      'Invalid environment variable NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE',
    ]));

  it('reports a missing RUM application with the missing handles', () =>
    expect(problemsOf(() => parseOpsEnv({})).map((problem) => problem.split(':')[0])).toEqual([
      'Invalid environment variable OPS_NOTIFY_CRITICAL',
      'Invalid environment variable OPS_NOTIFY_WARNING',
      'Invalid environment variable OPS_RUM_APPLICATION_ID',
    ]));

  it('parses the three public schemas together, naming the bad variables of all of them', () =>
    expect(
      problemsOf(() =>
        parseBuiltEnv({
          NEXT_PUBLIC_CUSTOMER_APP_URL: 'x',
          NEXT_PUBLIC_SEGMENT_API_HOST: 'y',
          NEXT_PUBLIC_DATADOG_SITE: 'z',
        }),
      ).map((problem) => problem.split(':')[0]),
    ).toEqual([
      'Invalid environment variable NEXT_PUBLIC_CUSTOMER_APP_URL',
      'Invalid environment variable NEXT_PUBLIC_SEGMENT_API_HOST',
      'Invalid environment variable NEXT_PUBLIC_DATADOG_SITE',
    ]));
});

describe('what the browser gets', () => {
  it('is what the schemas parse, inlined by next.config.js, with no parser', async () => {
    const config = createRequire(import.meta.url)('../../next.config.js')('phase-production-server');
    const inlined = config.compiler.define['process.env.MICROSITES_BUILT_ENV'];
    expect(JSON.parse(inlined)).toEqual(JSON.parse(JSON.stringify(parseBuiltEnv(process.env))));
    vi.stubEnv('MICROSITES_BUILT_ENV', inlined);
    const browser = await import('@/config/builtEnv.browser');
    expect({ ...browser }).toEqual(JSON.parse(inlined));
    expect(readFileSync('src/config/builtEnv.browser.ts', 'utf8')).not.toMatch(
      /from '(zod|\.\/(parse|publicEnv|analyticsEnv|monitoringEnv))'/,
    );
  });
});

describe('docs/configuration.md', () => {
  it('describes every variable of every schema', () => {
    const docs = readFileSync('docs/configuration.md', 'utf8');
    for (const name of AUDIENCES.flatMap((audience) => audience.variables)) expect(docs, name).toContain(`\`${name}\``);
  });
});
