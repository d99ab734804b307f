// The proxy's cache key under traffic that varies what should not matter (issue 24 item 4,
// docs/deploy.md "A closed cache key"): a landing page asked for as it is, then with a new query
// string on every request (random parameters, and the utm_*, gclid, fbclid, msclkid and _gl of ads)
// and a random `language` cookie; then random language cookies (of every shape) and Accept-Language
// values, valid and invalid, as returning and non-English visitors send them; side by side in one
// run. Prints requests/s of each, how many of the varied requests reached an instance (from the
// proxy's access log) and how much the cache grew.
// autocannon, 50 connections, 10 s per case, cases alternated, medians.
// Usage: npm run build && npm run bench:cache-key [-- --rounds N]
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { accessLog, cacheDir, deployPorts, start, stop } from '../deploy/local';
import { logSize, readFrom } from '../deploy/logFiles';
import { askUntilCached } from '../deploy/loopback';
import { WEBSITE_LOCALES } from '../src/i18n/websiteLocales';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap';
import { median } from './median.mts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 2;
const HOST = 'kingscross-bagberth.co.uk';
const PATH = '/';

const cacheBytes = () => Number(execFileSync('du', ['-sb', cacheDir], { encoding: 'utf8' }).split('\t')[0]);
const cacheCopies = () =>
  Number(execFileSync('sh', ['-c', `find '${cacheDir}' -type f | wc -l`], { encoding: 'utf8' }).trim());
/** The access-log lines written since `offset` (a byte position). */
const linesSince = (offset: number) =>
  readFrom(accessLog, offset)
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { instance: string });

const TRACKING = ['utm_source', 'utm_medium', 'utm_campaign', 'gclid', 'fbclid', 'msclkid', '_gl', 'x', 'q', 'ref'];
/** Languages as visitors send them: the host's, others, in any case, with regions and weights, and junk. */
const LANGUAGE_VALUES = [
  ...WEBSITE_LOCALES,
  'DE',
  'Fr',
  'nl',
  'xx',
  'en-GB',
  'pt-BR',
  'zh-Hant-TW',
  '*',
  'de;q=0.5',
  '',
];
const pick = <T,>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const randomAcceptLanguage = () =>
  Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () =>
    Math.random() < 0.1 ? randomUUID().slice(0, 5) : pick(LANGUAGE_VALUES),
  ).join(', ');
const randomLanguageCookie = () =>
  `${pick(['language', 'language', 'Language', 'LANGUAGE'])}=${Math.random() < 0.1 ? randomUUID().slice(0, 8) : pick(LANGUAGE_VALUES)}`;
const KINGS_CROSS_LANGUAGES = DOMAIN_ENTRIES.find(({ domain }) => domain === HOST)!.locales.length;
const variedPath = () =>
  `${PATH}?${
    TRACKING.filter(() => Math.random() < 0.5)
      .map((name) => `${name}=${randomUUID()}`)
      .join('&') || `x=${randomUUID()}`
  }`;

const ports = deployPorts();
await start();
try {
  const url = `https://127.0.0.1:${ports.https}`;
  const headers = { host: `${HOST}.localhost:${ports.https}`, 'accept-encoding': 'br' };
  await askUntilCached(`${url}${PATH}`, { headers });
  const cases = [
    // The load generator shares the machine: it builds a varied request here too and sends the page as it is.
    {
      name: 'the page as it is',
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
            ...request,
            path: variedPath() && PATH,
            headers: { ...request.headers, cookie: `x=${randomUUID().slice(0, 8)}` },
          }),
        },
      ],
    },
    {
      name: 'a new query string and language cookie each time',
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
            ...request,
            path: variedPath(),
            headers: { ...request.headers, cookie: `language=${randomUUID().slice(0, 8)}` },
          }),
        },
      ],
    },
    {
      // Issue 43 item 2: returning and non-English visitors, whose / is a redirect to their language.
      name: 'random language cookies and Accept-Language',
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
            ...request,
            path: Math.random() < 0.5 ? variedPath() : PATH,
            headers: {
              ...request.headers,
              'accept-language': randomAcceptLanguage(),
              ...(Math.random() < 0.5 && { cookie: randomLanguageCookie() }),
            },
          }),
        },
      ],
    },
  ];
  // Warm-up: each language's copy of / (a page or a redirect) is in the cache once.
  for (const language of WEBSITE_LOCALES)
    await askUntilCached(`${url}${PATH}`, { headers: { ...headers, cookie: `language=${language}` } }).catch(
      () => undefined,
    );
  const runs = new Map(
    cases.map(({ name }) => [
      name,
      [] as Array<{
        rps: number;
        p99: number;
        failed: number;
        reached: number;
        total: number;
        grew: number;
        copies: number;
      }>,
    ]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { name, requests } of cases) {
      const offset = logSize(accessLog);
      const [before, copiesBefore] = [cacheBytes(), cacheCopies()];
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, requests });
      const lines = linesSince(offset);
      runs.get(name)!.push({
        rps: result.requests.average,
        p99: result.latency.p99,
        // A redirect to the visitor's language is an answer as asked.
        failed: result.requests.total - result['2xx'] - (result.statusCodeStats?.['307']?.count ?? 0),
        reached: lines.filter((line) => line.instance !== '').length,
        total: lines.length,
        grew: cacheBytes() - before,
        copies: cacheCopies() - copiesBefore,
      });
    }
    console.error(`round ${round + 1} of ${ROUNDS} done`);
  }
  console.log(
    `${HOST}${PATH} through the proxy, brotli; autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per case, medians of ${ROUNDS} alternated rounds`,
  );
  console.log(
    'case                                               req/s   p99 ms    failed   logged   reached an instance   cache grew (bytes, copies)',
  );
  const rows = cases.map(({ name }) => {
    const list = runs.get(name)!;
    const mid = (field: keyof (typeof list)[number]) => median(list.map((run) => run[field]));
    return {
      name,
      rps: mid('rps'),
      p99: mid('p99'),
      failed: mid('failed'),
      total: mid('total'),
      reached: Math.max(...list.map((run) => run.reached)),
      grew: Math.max(...list.map((run) => run.grew)),
      copies: Math.max(...list.map((run) => run.copies)),
    };
  });
  for (const row of rows) {
    const reached = `${row.reached} (${((100 * row.reached) / Math.max(1, row.total)).toFixed(3)} %)`;
    console.log(
      `${row.name.padEnd(49)}${row.rps.toFixed(0).padStart(7)}${String(row.p99).padStart(9)}${String(row.failed).padStart(10)}${String(row.total).padStart(9)}${reached.padStart(22)}${`${row.grew}, ${row.copies}`.padStart(21)}`,
    );
  }
  console.log(
    `\nvaried / as it is: ${(rows[1]!.rps / rows[0]!.rps).toFixed(2)}×; reached an instance (most in a round): ${rows[1]!.reached}; cache growth (most in a round): ${rows[1]!.grew} bytes`,
  );
  console.log(
    `languages / as it is: ${(rows[2]!.rps / rows[0]!.rps).toFixed(2)}×; reached an instance: ${rows[2]!.reached} of ${rows[2]!.total} (goal ≤ 0.1 %); new copies: ${rows[2]!.copies} (bound: the host's ${KINGS_CROSS_LANGUAGES} languages)`,
  );
} finally {
  await stop();
}
