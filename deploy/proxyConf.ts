// The proxy's nginx configuration, from deploy/nginx.conf.template: what deploy/local.ts runs on
// this machine and what deploy/k8s/manifests.mts puts in the proxy's ConfigMap, one template for
// both. Where nginx applies a rule of the site's (a bare root's language, the visitor's consent
// regime), it holds no copy of it: its tables are filled here by running the TypeScript rule over
// every value their input can take, and where that input has no bound (the Cookie and
// Accept-Language headers) nginx is given the rule's own regular expression from src/, verbatim.
// Security headers are added once per hop: the instances' pass through, and nginx adds the build's
// to the answers it makes itself.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  acceptLanguagePattern,
  LANGUAGE_CHOICE_HEADER,
  LANGUAGE_COOKIE,
  resolvePageLanguage,
  rootLanguage,
  STORED_LANGUAGE_PATTERN,
  storedLanguageIn,
  negotiateLanguage,
} from '../src/i18n/pageLanguage';
import { BROTLI_QUALITY } from '../src/base/compression';
import { DEFAULT_LOCALE, WEBSITE_LOCALES, type WebsiteLocale } from '../src/i18n/websiteLocales';
import { shareImageName } from '../src/seo/shareImageFiles';
import type { SecurityHeaders } from '../src/security/policy';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';
import { visitorRegimeFor } from '../src/tenancy/consentRegime';
import type { EdgeEnv } from '../src/config/edgeEnv';
import { HOST_FILES, LEGAL_ALIASES, LEGAL_DOCUMENTS } from '../src/tenancy/routeRequest';
import { routingContext } from '../src/tenancy/routingContext';
import { DOMAIN_ENTRIES } from '../src/tenancy/tenantMap';
import type { DomainEntry } from '../src/tenancy/types';
import { isTagValue, TAG_VALUE_RULE } from '../src/monitoring/tagValue';

/** Where the site's image carries the static files of the build before (deploy/images.ts, which builds it). */
export const PREVIOUS_STATIC = 'previous-static';

/** Debian's brotli modules for nginx (libnginx-mod-http-brotli-filter, -static). */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The ports the proxy listens on in a pod (deploy/proxy-files.ts), as deploy/local.ts's defaults. */
export const POD_PORTS = { https: 8443, http: 8080, compress: 8081, purge: 8082 } as const;

/** `host:port`, as PROXY_UPSTREAM and PROXY_ACME_SOLVER name theirs. */
export const isHostPort = (value: string): boolean => /^[a-z0-9.-]+:\d+$/i.test(value);
/** The folder under the proxy's where an ACME client on the machine writes the challenges nginx serves. */
export const ACME_WEBROOT = 'acme';
/** The port cert-manager's HTTP-01 solver pods answer on. */
export const ACME_SOLVER_PORT = 8089;
/** Where a tenant host's certificate and key are, under the proxy's TLS folder: `<dir>/cert.pem`, `<dir>/key.pem`. */
export const hostCertificateDir = (host: string): string => `hosts/${host}`;

/** How long nginx leaves out an instance after 3 failures (its upstream's fail_timeout). */
export const FAIL_TIMEOUT_S = 2;

/**
 * A build's static files and error pages beside what `proxyDir` holds (hashed names never
 * collide): nginx serves them from disk, the error pages when no instance answers. `buildDir` is a
 * standalone folder (a release, or the image's /app).
 */
export function copyBuildFiles(buildDir: string, proxyDir: string): void {
  cpSync(join(buildDir, '.next', 'static'), join(proxyDir, 'static'), { recursive: true });
  // The build before's, where the image carries them (deploy/images.ts): a new proxy serves the
  // scripts of pages the previous build's instances still send, and browsers and caches still hold.
  if (existsSync(join(buildDir, PREVIOUS_STATIC)))
    cpSync(join(buildDir, PREVIOUS_STATIC), join(proxyDir, 'static'), { recursive: true });
  for (const locale of WEBSITE_LOCALES)
    cpSync(join(buildDir, '.next', 'server', 'pages', locale, '500.html'), join(proxyDir, 'pages', locale, '500.html'));
}

/** A whole number from `env`, `fallback` when unset; anything else stops the start, naming the variable. */
export function envNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  [min, max]: [number, number],
  what: string,
): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be ${what}, got ${env[name]}`);
  return value;
}

/**
 * How long the proxy counts a cached page as fresh before it asks an instance again, in the
 * background (DEPLOY_PROXY_FRESH_SECONDS, 60): a new build's pages, or a change whose purge failed,
 * reach visitors within about this long; an unchanged page costs the instance one 304 per copy.
 */
export const proxyFreshSeconds = (env: NodeJS.ProcessEnv): number =>
  envNumber(env, 'DEPLOY_PROXY_FRESH_SECONDS', 60, [1, 86_400], 'a number of seconds (1–86400)');

/**
 * How much each copy's freshness differs from DEPLOY_PROXY_FRESH_SECONDS, at random, in percent
 * either way (DEPLOY_PROXY_FRESH_SPREAD, 25): copies filled together, at a cold start or after a
 * deploy, would otherwise go stale together, and every one of them would be refreshed in one wave.
 */
export const proxyFreshSpread = (env: NodeJS.ProcessEnv): number =>
  envNumber(env, 'DEPLOY_PROXY_FRESH_SPREAD', 25, [0, 50], 'a percentage (0–50)');

/** How many freshness values the spread is drawn from. */
const FRESH_BUCKETS = 8;

/** nginx's split_clients lines: `freshSeconds` spread evenly over ± `spreadPercent`, a whole second at least. */
export function freshnessSpread(freshSeconds: number, spreadPercent: number): string {
  const spread = spreadPercent / 100;
  return Array.from({ length: FRESH_BUCKETS }, (_, bucket) => {
    const seconds = Math.max(
      1,
      Math.round(freshSeconds * (1 - spread + (2 * spread * (bucket + 0.5)) / FRESH_BUCKETS)),
    );
    return `    ${bucket === FRESH_BUCKETS - 1 ? '*' : `${100 / FRESH_BUCKETS}%`} ${seconds};`;
  }).join('\n');
}

export interface ProxyConfOptions {
  /** Where nginx finds its includes and TLS files and writes its pid and logs. */
  run: string;
  /** Where its workers keep the page cache and temp files, and read the static files and error pages. */
  proxy: string;
  /** Where nginx listens; `publicHttps` is the port visitors reach https on, which http redirects to. */
  ports: { https: number; http: number; compress: number; publicHttps: number };
  /** The instances, `address:port` each. */
  upstreams: readonly string[];
  failTimeoutSeconds: number;
  /** How long a cached page counts as fresh before a background refresh (X-Accel-Expires). */
  freshSeconds: number;
  /** How much that differs from copy to copy, in percent either way. */
  freshSpreadPercent: number;
  /** The workers' user when nginx starts as root (`nobody nogroup`); none when it does not. */
  user?: string;
  modules: { brotli: boolean; brotliStatic: boolean; geoip: boolean };
  /** How the visitor's country is found (src/config/edgeEnv.ts). */
  edge: EdgeEnv;
  securityHeaders: SecurityHeaders;
  /** The build's public files (favicon, hero images), as paths from the site's root. */
  publicFiles: readonly string[];
  /**
   * Who answers the ACME CA's HTTP-01 challenges: files an ACME client on the machine writes into
   * `{proxy}/acme` (deploy/acme.ts), or, given `solver` (`name:port`) and the DNS `resolver` that
   * finds its addresses, cert-manager's solver pods, each asked until one knows the token.
   */
  acme?: { solver: string; resolver: string };
  /** The build's `env` and `version`, on every log line as on the instances' and in RUM. */
  logTags: { env: string; version: string };
}

/** The files a build serves from `public/` (under `buildDir`), as URL paths. */
export function publicFiles(buildDir: string): string[] {
  return readdirSync(join(buildDir, 'public'), { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .map((file) => `/${join(file.parentPath, file.name).slice(join(buildDir, 'public').length + 1)}`)
    .sort();
}

/**
 * Response headers of Next's own routing and of this proxy's hops, never the visitor's business:
 * they name internal paths, cache states and build ids. Through the proxy no `x-nextjs-*`,
 * `x-middleware-*` or `x-next-*` header leaves (tests/e2e/topology.spec.ts, the fuzz test).
 */
const INTERNAL_RESPONSE_HEADERS = [
  'x-nextjs-cache',
  'x-nextjs-matched-path',
  'x-nextjs-rewrite',
  'x-nextjs-redirect',
  'x-nextjs-stale-time',
  'x-nextjs-postponed',
  'x-nextjs-prerender',
  'x-nextjs-deployment-id',
  'x-nextjs-rewritten-path',
  'x-nextjs-rewritten-query',
  'x-nextjs-request-id',
  'x-nextjs-html-request-id',
  'x-nextjs-action-not-found',
  'x-middleware-rewrite',
  'x-middleware-next',
  'x-middleware-redirect',
  'x-middleware-set-cookie',
  'x-middleware-override-headers',
  'x-middleware-refresh',
  'x-middleware-skip',
  'x-middleware-cache',
  'x-matched-path',
  'x-next-cache-tags',
  'x-instance',
  LANGUAGE_CHOICE_HEADER,
] as const;

/** The tags written into each log line: plain tokens, so that no value can break the JSON or the configuration. */
function logTags({ env, version }: ProxyConfOptions['logTags']): { LOG_ENV: string; LOG_VERSION: string } {
  for (const [name, value] of [
    ['env', env],
    ['version', version],
  ])
    if (!isTagValue(value!))
      throw new Error(
        `The build's ${name} for the proxy's log lines must be ${TAG_VALUE_RULE}, got ${JSON.stringify(value)}`,
      );
  return { LOG_ENV: env, LOG_VERSION: version };
}

/** nginx.conf and the files it includes from `run` (the security headers), by name. */
export function proxyConf(options: ProxyConfOptions): { conf: string; includes: Record<string, string> } {
  const { brotli, brotliStatic } = options.modules;
  const values: Record<string, string> = {
    LOAD_MODULES: [
      brotli
        ? `load_module ${BROTLI_MODULE};`
        : '# brotli: Debian package libnginx-mod-http-brotli-filter is not installed',
      brotliStatic
        ? `load_module ${BROTLI_STATIC_MODULE};`
        : '# brotli_static: Debian package libnginx-mod-http-brotli-static is not installed',
      options.modules.geoip ? `load_module ${GEOIP_MODULE};` : '',
    ].join('\n'),
    USER: options.user ? `user ${options.user};` : '',
    BROTLI: brotli
      ? `  brotli_comp_level ${BROTLI_QUALITY};\n  brotli_min_length 512;\n  brotli_types text/plain text/css text/xml application/javascript application/json application/xml image/svg+xml application/manifest+json;`
      : '',
    BROTLI_ON: brotli ? '      brotli on;' : '',
    BROTLI_STATIC_ON: brotliStatic ? '      brotli_static on;' : '',
    COMPRESS_PORT: String(options.ports.compress),
    RUN: options.run,
    PROXY: options.proxy,
    HTTP_PORT: String(options.ports.http),
    HTTPS_PORT: String(options.ports.https),
    HTTPS_REDIRECT_PORT: options.ports.publicHttps === 443 ? '' : `:${options.ports.publicHttps}`,
    PROXY_FRESH_SPREAD: freshnessSpread(options.freshSeconds, options.freshSpreadPercent),
    ...languageMaps(DOMAIN_ENTRIES),
    DEFAULT_LOCALE,
    WEBSITE_LOCALES: WEBSITE_LOCALES.join('|'),
    LANGUAGE_CHOICE_VARIABLE: `$upstream_http_${LANGUAGE_CHOICE_HEADER.replace(/-/g, '_')}`,
    CACHED_PATHS: cachedPaths(DOMAIN_ENTRIES, routingContext.micrositesHost, options.publicFiles),
    ACCEPTS_BR: listsToken('br'),
    ACCEPTS_GZIP: listsToken('gzip'),
    ACCEPTS_WEBP: listsToken('image/webp'),
    HIDDEN_HEADERS: INTERNAL_RESPONSE_HEADERS.map((name) => `      proxy_hide_header ${name};`).join('\n'),
    ...visitorRegimeMap(options.edge, options.modules.geoip),
    REAL_IP: realIp(options.edge),
    HOST_CERTIFICATE_DIR: `${hostCertificateDir('$certificate_host')}/`,
    ACME_CHALLENGES: acmeChallenges(options),
    ...logTags(options.logTags),
    UPSTREAMS: options.upstreams
      .map((address) => `    server ${address} max_fails=3 fail_timeout=${options.failTimeoutSeconds}s;`)
      .join('\n'),
  };
  const template = readFileSync(join(__dirname, 'nginx.conf.template'), 'utf8');
  const { maps, http, https } = securityHeaderDirectives(options.securityHeaders);
  return {
    conf: template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => values[name] ?? ''),
    includes: {
      'security-headers-maps.conf': maps,
      'security-headers-http.conf': http,
      'security-headers-https.conf': https,
    },
  };
}

/**
 * The visitor's address, where a trusted forwarder in front names it (PROXY_TRUSTED_FORWARDERS):
 * the last address in X-Forwarded-For that no trusted hop added. The rate limits, the country
 * lookup, the logs and the instances' X-Forwarded-For all read it.
 */
function realIp(edge: EdgeEnv): string {
  if (edge.trustedForwarders.length === 0) return "  # No trusted forwarder: the peer's address is the visitor's.";
  return [
    ...edge.trustedForwarders.map(({ address, prefix }) => `  set_real_ip_from ${address}/${prefix};`),
    '  real_ip_header X-Forwarded-For;',
    '  real_ip_recursive on;',
  ].join('\n');
}

function acmeChallenges({ acme, proxy }: ProxyConfOptions): string {
  if (!acme) return [`      root ${proxy}/${ACME_WEBROOT};`, '      default_type text/plain;'].join('\n');
  if (!isHostPort(acme.solver))
    throw new Error(`PROXY_ACME_SOLVER must be the solvers' host:port, got ${JSON.stringify(acme.solver)}`);
  return [
    // Looked up at each challenge: solver pods come and go with their challenges.
    `      resolver ${acme.resolver} valid=5s ipv6=off;`,
    `      set $acme_solver ${acme.solver};`,
    '      proxy_pass http://$acme_solver;',
    '      proxy_set_header Host $host;',
    // Each solver pod knows its own challenge's token only.
    '      proxy_next_upstream error timeout http_404;',
    '      proxy_next_upstream_tries 0;',
    '      proxy_connect_timeout 2s;',
  ].join('\n');
}

/** A map's regular expression for a set of literal strings, escaped. */
const alternatives = (values: readonly string[]) =>
  values.map((value) => value.replace(/[.+*?()[\]{}|^$\\]/g, '\\$&')).join('|');

/**
 * A pattern for an Accept or Accept-Encoding header (matched without regard to case) that lists
 * `token` and does not refuse it with q=0 (RFC 9110, 12.4.2): what Next's image optimiser and the
 * proxy's compression count as asking for it.
 */
const listsToken = (token: string): string =>
  `(^|[\\s,])${alternatives([token])}\\s*(;(?!\\s*q\\s*=\\s*0(\\.0*)?\\s*(,|$))|,|$)`;

/**
 * What the proxy keeps, by host and path (`host|path` → `page`, `data` or `image`); anything else
 * goes to an instance uncached, whatever its query, and counts against the per-visitor limit for
 * uncached requests. Listed exactly, from the tenant map, so that a path that would be a 404 (an
 * unknown host, a locale the host lacks, a random path or share image) is never a cache miss that
 * no limit counts. The query never enters the key but for `/_next/image` (nginx.conf.template).
 * Each line stays under nginx's 4 kB for one parameter.
 */
export function cachedPaths(entries: readonly DomainEntry[], microsites: string, files: readonly string[]): string {
  const legal = alternatives([...LEGAL_DOCUMENTS, ...Object.keys(LEGAL_ALIASES)]);
  const hostFiles = alternatives(HOST_FILES.map((file) => file.slice(1)));
  const micrositesHost = alternatives([microsites]);
  const anyHost = [micrositesHost, ...entries.map(({ domain }) => tenantHost(domain))];
  const line = (host: string, path: string, kind = 'page') => `    "~^${host}\\|${path}$" ${kind};`;
  const pages = entries.map(({ domain, slug, type, locales }) =>
    line(
      tenantHost(domain),
      `/(?:(?:${locales.join('|')})(?:/(?:${legal}))?|${legal}|${hostFiles}|og/${alternatives([shareImageName(slug, type, '')])}(?:${locales.join('|')})\\.png)?`,
    ),
  );
  // The microsites host previews every landing path, in every locale, and every share image.
  const landingPaths = [...new Set(entries.map(({ path }) => path.slice(1)))];
  const previews = chunks(landingPaths, 120).map((paths) =>
    line(micrositesHost, `/(?:(?:${WEBSITE_LOCALES.join('|')})/)?(?:${alternatives(paths)})`),
  );
  const previewImages = chunks(landingPaths, 120).map((paths) =>
    line(
      micrositesHost,
      `/og/(?:${alternatives(paths.map((path) => path.replace('/', '-')))})-(?:${WEBSITE_LOCALES.join('|')})\\.png`,
    ),
  );
  const everyHost = (path: string, kind: string) =>
    chunks(anyHost, 60).map((hosts) => line(`(?:${hosts.join('|')})`, path, kind));
  return [
    ...pages,
    line(micrositesHost, `/(?:(?:${WEBSITE_LOCALES.join('|')})(?:/(?:${legal}))?|${legal}|${hostFiles})?`),
    ...previews,
    ...previewImages,
    ...everyHost(`(?:${alternatives(files)})`, 'page'),
    ...everyHost('/_next/data/[A-Za-z0-9_-]+/[a-z]{2}(?:/[a-z0-9-]+)*\\.json', 'data'),
    ...everyHost('/_next/image', 'image'),
  ].join('\n');
}

/** A tenant host, and its local preview (`<domain>.localhost`), as a map's regular expression. */
const tenantHost = (domain: string) => `${alternatives([domain])}(?:\\.localhost)?`;

const chunks = <T>(values: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));

/** An nginx quoted string holding `text` as it is: nginx reads `\\`, `\"` and `\t` in quotes as escapes. */
const nginxQuoted = (text: string): string => `"${text.replace(/["\\]/g, '\\$&')}"`;

/** A set of offered languages as nginx's tables name it: `en,de,ja` (no `|`, which separates a key's parts). */
const offerName = (locales: readonly WebsiteLocale[]) => locales.join(',');

/**
 * The maps that give a tenant host's bare root its one language (deploy/nginx.conf.template): what
 * the host offers, the stored and negotiated languages by the rules' own patterns, and the answers
 * of rootLanguage (the cache key) and resolvePageLanguage (the branded 503's language) for every
 * value those can take, as exact entries. nginx compares exact entries without regard to case: the
 * negotiated language as sent (`DE`) finds its entry as negotiateLanguage lower-cases it, while the
 * cookie, which counts only as sent, is first matched case-sensitively against each locale.
 */
function languageMaps(entries: readonly DomainEntry[]): Record<string, string> {
  const offers = new Map(entries.map(({ locales }) => [offerName(locales), locales]));
  const line = (key: string, value: string) => `    ${nginxQuoted(key)} ${nginxQuoted(value)};`;
  const tables = [...offers].flatMap(([offer, locales]) =>
    ['', ...WEBSITE_LOCALES].flatMap((stored) =>
      ['', ...locales].map((negotiated) => {
        const cookie = stored ? `${LANGUAGE_COOKIE}=${stored}` : '';
        const key = `${offer}|${stored}|${negotiated}`;
        return {
          root: line(key, rootLanguage(cookie, negotiated, locales)),
          visitor: line(
            key,
            resolvePageLanguage(
              storedLanguageIn(cookie),
              negotiateLanguage(negotiated, locales) ?? locales[0],
              locales,
            ),
          ),
        };
      }),
    ),
  );
  return {
    HOST_OFFER: entries
      .flatMap(({ domain, locales }) => [domain, `${domain}.localhost`].map((host) => line(host, offerName(locales))))
      .join('\n'),
    LANGUAGE_COOKIE_VALUE: `    ${nginxQuoted(`~${STORED_LANGUAGE_PATTERN}`)} $language_value;`,
    // Case-sensitive, each locale exactly: any other value is no stored language (isWebsiteLocale).
    STORED_LOCALE: WEBSITE_LOCALES.map((locale) => `    ${nginxQuoted(`~^${locale}$`)} ${locale};`).join('\n'),
    NEGOTIATION_MAPS: [...offers.values()]
      .map(
        (locales, index) =>
          `  map $http_accept_language $negotiated_${index} {\n    ${nginxQuoted(`~*${acceptLanguagePattern(locales)}`)} $language;\n    default "";\n  }`,
      )
      .join('\n'),
    NEGOTIATION_BY_OFFER: [...offers.keys()]
      .map((offer, index) => `    ${nginxQuoted(offer)} $negotiated_${index};`)
      .join('\n'),
    ROOT_LANGUAGE: tables.map(({ root }) => root).join('\n'),
    VISITOR_LANGUAGE: tables.map(({ visitor }) => visitor).join('\n'),
  };
}

const GEOIP_MODULE = '/usr/lib/nginx/modules/ngx_http_geoip_module.so';
/** Debian's geoip-database: countries by IPv4 address (an IPv6 visitor is unknown, so asked first). */
export const GEOIP_COUNTRY_DATA = '/usr/share/GeoIP/GeoIP.dat';

/** Every code `$visitor_country` can hold, in lower case: a letter, then a letter or a digit. */
const COUNTRY_CODES = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((first) =>
  [...'abcdefghijklmnopqrstuvwxyz0123456789'].map((second) => `${first}${second}`),
);

/**
 * The visitor's country lookup (docs/consent.md, "The visitor's country"), the CDN header's nginx
 * variable, and the regime map: visitorRegimeFor's answer for every code the country can be, as
 * exact entries (nginx compares them without regard to case, as visitorRegimeFor does), and for no
 * country as the default.
 */
function visitorRegimeMap(
  edge: EdgeEnv,
  geoip: boolean,
): Record<'GEOIP' | 'COUNTRY_HEADER_VARIABLE' | 'GEOIP_COUNTRY_VARIABLE' | 'VISITOR_REGIME', string> {
  const header = edge.consentCountryHeader;
  return {
    GEOIP: geoip
      ? `  geoip_country ${GEOIP_COUNTRY_DATA};`
      : '  # geoip: Debian packages libnginx-mod-http-geoip and geoip-database are not installed: every visitor is unknown',
    COUNTRY_HEADER_VARIABLE: header ? `$http_${header.replace(/-/g, '_')}` : '""',
    GEOIP_COUNTRY_VARIABLE: geoip ? '$geoip_country_code' : '',
    VISITOR_REGIME: [
      ...COUNTRY_CODES.map((code) => `    ${code} ${visitorRegimeFor(code)};`),
      `    default ${visitorRegimeFor('')};`,
    ].join('\n'),
  };
}

/** An nginx string: its `$` would name a variable, and no header of ours has one. */
function nginxString(name: string, value: string): string {
  if (value.includes('$'))
    throw new Error(`${SECURITY_HEADERS_FILE}: ${name} holds a $, which nginx cannot send as it is`);
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * The header every answer of an instance carries (server.ts, from `all`): where an answer has it,
 * an instance made it (or the cache keeps one it made), and nginx adds none of its own.
 */
export const INSTANCE_ANSWER_HEADER = 'content-security-policy';

/**
 * The build's security headers (scripts/security-headers.ts) as nginx directives, once per hop: an
 * instance's answer, and the cached copy of one, pass with the headers the instance sent (HSTS by
 * the X-Forwarded-Proto nginx sets; the relaxed values for a navigation from the analytics
 * provider's window, by its Referer: serverHeaders.ts), and nginx adds the build's headers only to
 * the answers it makes itself: a static file, the branded 503, a 429, a 405, a 414, its redirect to
 * https. An answer is nginx's own when it has no INSTANCE_ANSWER_HEADER as it is about to be sent
 * (`$sent_http_…`); each header's variable is then its value, else empty, which add_header skips.
 * That header is added last, so that adding it cannot hide the answer's origin from the others.
 * Over plain http without HSTS, as the instances do. `$from_provider` (a Referer of exactly the
 * provider's origin, the form isFromOrigin accepts) only makes the page location bypass the cache
 * (docs/analytics.md, visual tagging): the headers for it are the instance's.
 */
export function securityHeaderDirectives(headers: SecurityHeaders): { maps: string; http: string; https: string } {
  const provider = headers.openedFromProvider;
  const variable = (name: string) => `$own_${name.replace(/-/g, '_')}`;
  const every = { ...headers.all, ...headers.https };
  const marker = `$sent_http_${INSTANCE_ANSWER_HEADER.replace(/-/g, '_')}`;
  if (!(INSTANCE_ANSWER_HEADER in headers.all) && Object.keys(headers.all).length > 0)
    throw new Error(`${SECURITY_HEADERS_FILE}: every answer of an instance must carry ${INSTANCE_ANSWER_HEADER}`);
  const maps = [
    'map $http_referer $from_provider {',
    ...(provider ? [`  "~*^${provider.origin.replace(/[.\\]/g, '\\$&')}(?:[/?#]|$)" 1;`] : []),
    '  default "";',
    '}',
    ...Object.entries(every).map(
      ([name, value]) => `map ${marker} ${variable(name)} {\n  "" ${nginxString(name, value)};\n  default "";\n}`,
    ),
  ].join('\n');
  // The marker header last (Object.keys keeps insertion order, so it is moved to the end).
  const directives = (set: Record<string, string>) =>
    [
      ...Object.keys(set).filter((name) => name !== INSTANCE_ANSWER_HEADER),
      ...Object.keys(set).filter((name) => name === INSTANCE_ANSWER_HEADER),
    ]
      .map((name) => `add_header ${name} ${variable(name)} always;`)
      .join('\n');
  return {
    maps: `${maps}\n`,
    http: `${directives(headers.all)}\n`,
    https: `${directives(every)}\n`,
  };
}
