// A proxy pod's files (docs/deploy.md, "Kubernetes"), written by its init container from the site's
// own image, so that they come from the build nginx serves: nginx.conf from the same template as
// deploy/local.ts, with this build's security headers and tenant map; the static files and error
// pages; the logs as links to the container's output. Bundled as proxy-files.js beside server.js
// (scripts/standalone.ts).
//   node proxy-files.js <run dir> <proxy dir>
// Environment: PROXY_UPSTREAM (the instances' Service, `microsites:80`; on one machine each instance,
// comma-separated), DEPLOY_PROXY_FRESH_SECONDS (60), CONSENT_COUNTRY_HEADER and PROXY_TRUSTED_FORWARDERS
// (src/config/edgeEnv.ts), PROXY_PUBLIC_HTTPS_PORT (the port visitors reach https on, which plain http redirects
// to: a pod's is the load balancer's 443; default DEPLOY_HTTPS_PORT); on one machine also the ports (DEPLOY_HTTPS_PORT,
// DEPLOY_HTTP_PORT, DEPLOY_COMPRESS_PORT; a pod's are POD_PORTS) and PROXY_LOGS=files (the logs as files in the run
// folder, not the output), PROXY_ACME_SOLVER (cert-manager's solver pods, `name:port`, looked up with the pod's
// own DNS server from /etc/resolv.conf; unset: the challenges are files in <proxy dir>/acme).
//   node proxy-files.js <run dir> <proxy dir> --build-files   only the build's static files and error pages (a redeploy)
import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEdgeEnv } from '../src/config/edgeEnv';
import { publicMonitoringConfig } from '../src/config/builtEnv';
import type { SecurityHeaders } from '../src/security/policy';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';
import {
  copyBuildFiles,
  envNumber,
  FAIL_TIMEOUT_S,
  isHostPort,
  POD_PORTS,
  proxyConf,
  proxyFreshSeconds,
  proxyFreshSpread,
  publicFiles,
} from './proxyConf';

/** The logs nginx writes into the run folder, and where a container's logs go. */
const LOG_LINKS: Record<string, string> = {
  'access.log': '/dev/stdout',
  'upstream.log': '/dev/stdout',
  'error.log': '/dev/stderr',
};

/** The first DNS server a resolv.conf names, as nginx's `resolver` takes it (an IPv6 one in brackets). */
function nameserver(file: string): string {
  const address = /^nameserver\s+(\S+)/m.exec(readFileSync(file, 'utf8'))?.[1];
  if (!address) throw new Error(`PROXY_ACME_SOLVER: ${file} names no DNS server to find the solvers with`);
  return address.includes(':') ? `[${address}]` : address;
}

export function writeProxyFiles(
  run: string,
  proxy: string,
  env: NodeJS.ProcessEnv,
  buildDir = __dirname,
  resolvConf = '/etc/resolv.conf',
): void {
  const upstreams = (env.PROXY_UPSTREAM ?? '').split(',').map((upstream) => upstream.trim());
  if (!upstreams.every(isHostPort))
    throw new Error(
      `PROXY_UPSTREAM must be the instances' host:port (microsites:80), or several comma-separated, got ${JSON.stringify(env.PROXY_UPSTREAM)}`,
    );
  const port = (name: string, fallback: number) => envNumber(env, name, fallback, [1, 65535], 'a port number');
  const https = port('DEPLOY_HTTPS_PORT', POD_PORTS.https);
  const { conf, includes } = proxyConf({
    run,
    proxy,
    ports: {
      https,
      http: port('DEPLOY_HTTP_PORT', POD_PORTS.http),
      compress: port('DEPLOY_COMPRESS_PORT', POD_PORTS.compress),
      publicHttps: port('PROXY_PUBLIC_HTTPS_PORT', https),
    },
    upstreams,
    failTimeoutSeconds: FAIL_TIMEOUT_S,
    freshSeconds: proxyFreshSeconds(env),
    freshSpreadPercent: proxyFreshSpread(env),
    modules: { brotli: true, brotliStatic: true, geoip: true },
    edge: parseEdgeEnv(env),
    publicFiles: publicFiles(buildDir),
    acme: env.PROXY_ACME_SOLVER ? { solver: env.PROXY_ACME_SOLVER, resolver: nameserver(resolvConf) } : undefined,
    securityHeaders: JSON.parse(readFileSync(join(buildDir, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeaders,
    // The build's own, as the instances' lines carry them (server.ts).
    logTags: { env: publicMonitoringConfig.env, version: publicMonitoringConfig.version },
  });
  mkdirSync(run, { recursive: true });
  for (const [name, text] of Object.entries({ ...includes, 'nginx.conf': conf })) writeFileSync(join(run, name), text);
  for (const [name, target] of Object.entries(LOG_LINKS)) {
    const path = join(run, name);
    if (env.PROXY_LOGS === 'files') {
      // Appended to across starts; a link left by another kind of run is not such a file.
      if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) rmSync(path);
    } else {
      rmSync(path, { force: true });
      symlinkSync(target, path);
    }
  }
  copyBuildFiles(buildDir, proxy);
}

if (process.argv[1] === __filename) {
  const [run, proxy, only] = process.argv.slice(2);
  if (!run || !proxy || (only !== undefined && only !== '--build-files'))
    throw new Error('usage: node proxy-files.js <run dir> <proxy dir> [--build-files]');
  if (only) copyBuildFiles(__dirname, proxy);
  else writeProxyFiles(run, proxy, process.env);
  console.log(
    only
      ? `This build's static files and error pages added to ${proxy}.`
      : `Proxy files written: ${join(run, 'nginx.conf')}, static files and error pages in ${proxy}.`,
  );
}
