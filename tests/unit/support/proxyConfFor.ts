import { proxyConf, publicFiles, type ProxyConfOptions } from '../../../deploy/proxyConf';
import { parseEdgeEnv } from '@/config/edgeEnv';

/** The proxy's nginx.conf for small fixed ports and one upstream, with the given options over these. */
export function proxyConfFor(options: Partial<ProxyConfOptions> = {}): string {
  return proxyConf({
    run: '/run',
    proxy: '/proxy',
    ports: { https: 1, http: 2, compress: 3, publicHttps: 1 },
    upstreams: ['127.0.0.1:4'],
    failTimeoutSeconds: 2,
    freshSeconds: 60,
    freshSpreadPercent: 25,
    modules: { brotli: false, brotliStatic: false, geoip: false },
    edge: parseEdgeEnv({}),
    publicFiles: publicFiles('.'),
    securityHeaders: { all: {}, https: {} },
    logTags: { env: 'production', version: 'commit-of-the-tests' },
    ...options,
  }).conf;
}
