// The site's server: Next's request handler behind a small Node server, which sends the security
// headers on every response, refuses what Next would answer with a 500, and cuts off slow clients
// (docs/security.md). scripts/standalone.ts bundles it as .next/standalone/server.js, the one thing
// a deployment runs (`npm run serve`, docs/deploy.md).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import next from 'next';
import { BROTLI_QUALITY } from './src/base/compression';
import { DRAIN_DEADLINE_MS, drainer } from './src/base/drain';
import { parseListenEnv } from './src/config/listenEnv';
import { EnvError } from './src/config/parse';
import type { SecurityHeaders } from './src/security/policy';
import { dropUntrustedForwarding, trustedPeers, withoutInternalHeaders } from './src/security/forwardedHeaders';
import { refuseRequest } from './src/security/requestGuard';
import { shareImageResponse } from './src/seo/shareImageResponse';
import { isRequestId, REQUEST_ID_HEADER, requestLogger, routeConsole, serverLogger } from './src/monitoring/requestLog';
import { VISITOR_COUNTRY_HEADER, VISITOR_REGIME_HEADER } from './src/tenancy/consentRegime';
import { requestHost } from './src/tenancy/normalizeHost';
import { createTenantResolver } from './src/tenancy/resolveTenant';
import { DOMAIN_ENTRIES } from './src/tenancy/tenantMap';
import { headersFor, SECURITY_HEADERS_FILE } from './src/security/serverHeaders';

/**
 * The build's resolved next.config (as Next's own standalone server.js embeds it), with what this
 * deployment decides when it starts: Next never compresses (see `compressor`). ETags stay on behind
 * the caching proxy too: it revalidates its copies with them, and an unchanged page is a 304 that
 * keeps the copy (docs/deploy.md, "The proxy's copies across deploys").
 */
function applyBuildConfig() {
  const { config } = JSON.parse(readFileSync(join(__dirname, '.next', 'required-server-files.json'), 'utf8')) as {
    config: Record<string, unknown>;
  };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...config, compress: false });
}

/**
 * Brotli where the browser takes it, gzip otherwise, unless the caching proxy compresses (BEHIND_PROXY).
 * Next compresses with gzip only: a landing page's HTML then no longer fits, with its headers, in
 * the first round trip of a new connection (docs/performance.md, "The page in one round trip").
 */
type Middleware = (request: IncomingMessage, response: ServerResponse, then: () => void) => void;
function compressor(behindProxy: boolean): Middleware {
  if (behindProxy) return (_request, _response, then) => then();
  // Typed for Express; it only reads and wraps Node's request and response.
  return compression({
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  }) as unknown as Middleware;
}

/**
 * Idle kept-alive connections: behind the proxy, longer than nginx keeps its own to the instances
 * (keepalive_timeout 60 s in deploy/nginx.conf.template), so that nginx never sends a request on a
 * connection the instance is closing; a visitor's browser directly, 5 s.
 */
const KEEP_ALIVE_BEHIND_PROXY_MS = 65_000;
const KEEP_ALIVE_MS = 5_000;

/**
 * Every line the process writes as JSON (docs/ops.md, "Server logs"), from the first: the build's
 * service, env and version (the commit RUM events carry), a `-server` service of their own.
 */
async function startLogging() {
  const { publicMonitoringConfig: build } = await import('./src/config/builtEnv');
  const logger = serverLogger({ service: `${build.service}-server`, env: build.env, version: build.version });
  routeConsole(logger);
  return requestLogger(logger, createTenantResolver(DOMAIN_ENTRIES));
}

async function main() {
  const logRequest = await startLogging();
  const { port, hostname } = parseListenEnv(process.env);
  // Loaded here rather than imported, so that a bad variable is reported by the catch below in
  // one line, not as a stack trace from the module's first evaluation.
  const { serverEnv } = await import('./src/config/serverEnv');
  // Share images, translations and the build are found from here, wherever the server was started.
  process.chdir(__dirname);
  applyBuildConfig();
  const headers = JSON.parse(readFileSync(join(__dirname, SECURITY_HEADERS_FILE), 'utf8')) as SecurityHeaders;
  const app = next({ dev: false, dir: __dirname });
  const handle = app.getRequestHandler();
  const compress = compressor(serverEnv.behindProxy);
  await app.prepare();
  const isTrustedProxy = trustedPeers(serverEnv.trustedProxies);
  // Only a trusted proxy may hand on the visitor's regime and country or its own request id.
  const proxyOnly = [REQUEST_ID_HEADER, VISITOR_REGIME_HEADER, VISITOR_COUNTRY_HEADER];

  // Node checks the request timeout every `connectionsCheckingInterval` (30 s by default), so a
  // body that never arrives would be cut off anywhere between 30 and 60 s instead of at 30.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, (request, response) => {
    const started = performance.now();
    const bytesBefore = request.socket.bytesWritten;
    // As the visitor asked: Next rewrites request.url while it routes.
    const url = request.url ?? '/';
    dropUntrustedForwarding(request.headers, request.socket.remoteAddress, isTrustedProxy, proxyOnly);
    const given = request.headers[REQUEST_ID_HEADER];
    // 96 random bits in 16 characters: the header counts against the page's first round trip.
    const requestId = isRequestId(given) ? given : randomBytes(12).toString('base64url');
    const host = requestHost(request.headers.host, request.headers['x-forwarded-host'], serverEnv.trustProxyHops);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    response.once('close', () => {
      const country = request.headers[VISITOR_COUNTRY_HEADER];
      logRequest({
        method: request.method ?? 'GET',
        host,
        url,
        // A connection that closed before any answer: nginx's name for it.
        status: response.headersSent ? response.statusCode : 499,
        durationMs: performance.now() - started,
        bytes: request.socket.bytesWritten - bytesBefore,
        requestId,
        country: typeof country === 'string' ? country : undefined,
      });
    });
    // Stopping: readiness fails first, so that a proxy or an orchestrator stops sending requests here.
    if (drain.draining && /^\/api\/health(?:\?|$)/.test(request.url ?? '')) {
      response
        .writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' })
        .end('{"status":"stopping"}');
      return;
    }
    withoutInternalHeaders(response);
    for (const [name, value] of Object.entries(headersFor(request, headers, serverEnv.trustProxyHops)))
      response.setHeader(name, value);
    const refusal = refuseRequest(request.method, request.url);
    if (refusal) {
      response.writeHead(refusal.status, refusal.headers).end(request.method === 'HEAD' ? undefined : refusal.body);
      return;
    }
    // Share images are files drawn at build time: answered from memory, without Next's routing.
    const shareImage = /^\/og\/([a-z0-9-]+)\.png(?:\?|$)/.exec(request.url ?? '')?.[1];
    if (shareImage && (request.method === 'GET' || request.method === 'HEAD')) {
      shareImageResponse(host, shareImage).then(
        (answer) =>
          response.writeHead(answer.status, answer.headers).end(request.method === 'HEAD' ? undefined : answer.body),
        () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Server error\n'),
      );
      return;
    }
    compress(request, response, () => void handle(request, response));
  });
  const drain = drainer(server, { deadlineMs: DRAIN_DEADLINE_MS });
  // A client gets 10 s to send its headers and 30 s for the whole request (telemetry bodies are
  // at most 512 KiB).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = serverEnv.behindProxy ? KEEP_ALIVE_BEHIND_PROXY_MS : KEEP_ALIVE_MS;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      console.log(
        `${signal}: finishing the requests in flight, then stopping (at most ${DRAIN_DEADLINE_MS / 1000} s).`,
      );
      void drain.start().then(() => process.exit(0));
    });
  }
  // A port in use is a failed start, exit 1, whatever Next's own exception handlers would make of it.
  server.once('error', (error) =>
    cannotStart(`The server does not start: it cannot listen on ${hostname}:${port} (${error.message})`),
  );
  server.listen(port, hostname, () => console.log(`Microsites ready on http://localhost:${port}`));
}

/**
 * A start that fails says why in plain words on stderr, outside the JSON log: whoever runs the
 * server reads it there, and a container platform records it as the failed start's output.
 */
function cannotStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

main().catch((error: unknown) =>
  cannotStart(
    error instanceof EnvError
      ? `The server does not start:\n${error.message}`
      : error instanceof Error
        ? error.message
        : String(error),
  ),
);
