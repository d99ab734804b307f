// A proxy pod's files (docs/deploy.md, "Kubernetes"), written by its init container from the site's
// own image, so that they come from the build nginx serves: nginx.conf from the same template as
// deploy/local.ts, with this build's security headers and tenant map; the static files and error
// pages; the logs as links to the container's output. Bundled as proxy-files.js beside server.js
// (scripts/standalone.ts).
//   node proxy-files.js <run dir> <proxy dir>
// Environment: PROXY_UPSTREAM (the instances' Service, `microsites:80`), DEPLOY_PROXY_FRESH_SECONDS
// (60), CONSENT_COUNTRY_HEADER (as the instances have it).
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecurityHeaders } from '../src/security/policy';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';
import { copyBuildFiles, FAIL_TIMEOUT_S, POD_PORTS, proxyConf, proxyFreshSeconds, proxyFreshSpread, publicFiles } from './proxyConf';

/** The logs nginx writes into the run folder, and where a container's logs go. */
const LOG_LINKS: Record<string, string> = { 'access.log': '/dev/stdout', 'upstream.log': '/dev/stdout', 'error.log': '/dev/stderr' };

export function writeProxyFiles(run: string, proxy: string, env: NodeJS.ProcessEnv, buildDir = __dirname): void {
  const upstream = env.PROXY_UPSTREAM?.trim();
  if (!upstream || !/^[a-z0-9.-]+:\d+$/i.test(upstream)) throw new Error(`PROXY_UPSTREAM must be the instances' host:port (microsites:80), got ${JSON.stringify(env.PROXY_UPSTREAM)}`);
  const { conf, includes } = proxyConf({
    run,
    proxy,
    ports: POD_PORTS,
    upstreams: [upstream],
    failTimeoutSeconds: FAIL_TIMEOUT_S,
    freshSeconds: proxyFreshSeconds(env),
    freshSpreadPercent: proxyFreshSpread(env),
    modules: { brotli: true, brotliStatic: true },
    consentCountryHeader: env.CONSENT_COUNTRY_HEADER,
    publicFiles: publicFiles(buildDir),
    securityHeaders: JSON.parse(readFileSync(join(buildDir, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeaders,
  });
  mkdirSync(run, { recursive: true });
  for (const [name, text] of Object.entries({ ...includes, 'nginx.conf': conf })) writeFileSync(join(run, name), text);
  for (const [name, target] of Object.entries(LOG_LINKS)) {
    rmSync(join(run, name), { force: true });
    symlinkSync(target, join(run, name));
  }
  copyBuildFiles(buildDir, proxy);
}

if (process.argv[1] === __filename) {
  const [run, proxy] = process.argv.slice(2);
  if (!run || !proxy) throw new Error('usage: node proxy-files.js <run dir> <proxy dir>');
  writeProxyFiles(run, proxy, process.env);
  console.log(`Proxy files written: ${join(run, 'nginx.conf')}, static files and error pages in ${proxy}.`);
}
