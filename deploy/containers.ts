// The containers of the topology, defined once (docs/deploy.md, "One topology"): Kubernetes gets
// them in its pods (deploy/k8s/manifests.mts), and `npm run deploy:local` runs the same ones under
// podman on one machine (deploy/local.ts, deploy/podman.ts), with only the addresses changed.
import type { IContainer } from 'kubernetes-models/v1/Container';
import { INSTANCE_HEAP_MIB, INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from './instanceMemory';
import { POD_PORTS } from './proxyConf';

export const APP = 'microsites';
/** The port the server listens on in its container (PORT; server.ts defaults to 3000 too). */
export const CONTAINER_PORT = 3000;
export const HEALTH_PATH = '/api/health';
export const SECRET = 'microsites';
/** Seconds between SIGTERM and SIGKILL: the preStop wait plus server.ts's 20 s drain, with a margin. */
export const GRACE_SECONDS = 30;
/** Seconds the pod keeps serving after it is told to stop, while the endpoints drop it. */
export const PRESTOP_SECONDS = 5;
/** The caching proxy: nginx from deploy/nginx.conf.template, its purger beside it. */
export const PROXY = `${APP}-proxy`;
/** Fixed, not autoscaled: every instance's PROXY_PURGE_URL names each proxy pod. */
export const PROXY_REPLICAS = 2;
/** In a proxy pod: nginx.conf, its includes, pid and log links (deploy/proxy-files.ts writes them). */
export const PROXY_RUN = '/run/microsites';
/** In a proxy pod: the page cache, temp files, static files and error pages. */
export const PROXY_CACHE = '/var/cache/microsites';
/** The instances' Service port, which the proxy's upstream names. */
export const SERVICE_PORT = 80;
export const REDIS_PORT = 6379;

/** Who each container runs as: the images' users (deploy/images/*.Containerfile). */
export const USERS = {
  /** The site's image. */
  instance: 1000,
  /** Debian's www-data: nginx's workers and the purger, which reads the cache files nginx writes. */
  proxy: 33,
  /** Made before Debian's redis-server package in its image. */
  redis: 999,
} as const;

/** Each proxy pod's purge endpoint, by its stable StatefulSet name under the headless Service. */
export const purgeUrls = () => Array.from({ length: PROXY_REPLICAS }, (_, index) => `http://${PROXY}-${index}.${PROXY}:${POD_PORTS.purge}/purge`).join(',');

export const restricted = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } };
const probe = (failureThreshold: number, periodSeconds: number) => ({
  httpGet: { path: HEALTH_PATH, port: 'http' },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

/** The volumes a proxy pod's containers mount, by name. */
export const PROXY_MOUNTS = { run: { name: 'run', mountPath: PROXY_RUN }, cache: { name: 'cache', mountPath: PROXY_CACHE }, tls: { name: 'tls', mountPath: `${PROXY_RUN}/tls`, readOnly: true } };

export function instanceContainer(image: string): IContainer {
  return {
    name: 'server',
    image,
    ports: [{ name: 'http', containerPort: CONTAINER_PORT }],
    env: [
      // Kubernetes sets HOSTNAME to the pod's name; the server refuses anything but an address.
      { name: 'HOSTNAME', value: '0.0.0.0' },
      { name: 'PORT', value: String(CONTAINER_PORT) },
      { name: 'BEHIND_PROXY', value: 'true' },
      { name: 'NODE_OPTIONS', value: INSTANCE_NODE_OPTIONS },
      { name: 'TRUST_PROXY', value: '1' },
      // The cluster's pod network, where the proxy connects from; nothing public reaches the pods.
      { name: 'TRUSTED_PROXIES', value: '10.0.0.0/8' },
      { name: 'PROXY_PURGE_URL', value: purgeUrls() },
      { name: 'REDIS_URL', valueFrom: { secretKeyRef: { name: SECRET, key: 'REDIS_URL' } } },
      { name: 'REVALIDATE_SECRET', valueFrom: { secretKeyRef: { name: SECRET, key: 'REVALIDATE_SECRET' } } },
    ],
    readinessProbe: probe(2, 5),
    // Restart only a server that has stopped answering for 30 s, never one that is busy for a moment.
    livenessProbe: { ...probe(6, 5), initialDelaySeconds: 10 },
    startupProbe: probe(30, 1),
    // The endpoints drop the pod while it still serves; then SIGTERM starts server.ts's drain.
    lifecycle: { preStop: { exec: { command: ['sleep', String(PRESTOP_SECONDS)] } } },
    resources: { requests: { cpu: '500m', memory: `${INSTANCE_HEAP_MIB}Mi` }, limits: { memory: `${INSTANCE_MEMORY_LIMIT_MIB}Mi` } },
    securityContext: restricted,
  };
}

/** The shared page cache: in memory, bounded, least recently used out. */
export function redisContainer(image: string): IContainer {
  return {
    name: 'redis',
    // Debian's redis-server (deploy/images/redis.Containerfile); no password, so protected mode
    // would refuse the instances: the network policy keeps everyone else out.
    image,
    args: ['--bind', '0.0.0.0', '--port', String(REDIS_PORT), '--protected-mode', 'no', '--save', '', '--appendonly', 'no', '--maxmemory', '512mb', '--maxmemory-policy', 'allkeys-lru'],
    ports: [{ name: 'redis', containerPort: REDIS_PORT }],
    readinessProbe: { exec: { command: ['redis-cli', '-p', String(REDIS_PORT), 'ping'] }, periodSeconds: 5 },
    resources: { requests: { cpu: '100m', memory: '600Mi' }, limits: { memory: '640Mi' } },
    securityContext: restricted,
  };
}

/** The ports the world reaches the proxies on, through the load balancer (deploy/k8s/manifests.mts). */
export const PUBLIC_PORTS = { https: 443, http: 80 } as const;

/** A proxy pod's init container, from the site's image: nginx.conf and the build's files (deploy/proxy-files.ts). */
export function proxyFilesContainer(image: string): IContainer {
  return {
    name: 'proxy-files',
    image,
    command: ['node', 'proxy-files.js', PROXY_RUN, PROXY_CACHE],
    env: [
      { name: 'PROXY_UPSTREAM', value: `${APP}:${SERVICE_PORT}` },
      { name: 'DEPLOY_PROXY_FRESH_SECONDS', value: '60' },
      { name: 'PROXY_PUBLIC_HTTPS_PORT', value: String(PUBLIC_PORTS.https) },
    ],
    volumeMounts: [PROXY_MOUNTS.run, PROXY_MOUNTS.cache],
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
    securityContext: restricted,
  };
}

export function nginxContainer(image: string): IContainer {
  const health = { httpGet: { path: '/api/proxy-health', port: 'http' }, periodSeconds: 5, timeoutSeconds: 2 };
  return {
    name: 'nginx',
    image,
    args: ['nginx', '-c', `${PROXY_RUN}/nginx.conf`, '-g', 'daemon off;'],
    ports: [
      { name: 'https', containerPort: POD_PORTS.https },
      { name: 'http', containerPort: POD_PORTS.http },
    ],
    // Healthy while nginx runs, whatever the instances do: it still serves what it holds.
    readinessProbe: { ...health, failureThreshold: 2 },
    livenessProbe: { ...health, failureThreshold: 6 },
    // Out of the load balancer first, then a graceful stop: requests in flight finish.
    lifecycle: { preStop: { exec: { command: ['sh', '-c', `sleep ${PRESTOP_SECONDS}; nginx -c ${PROXY_RUN}/nginx.conf -s quit; while [ -e ${PROXY_RUN}/nginx.pid ]; do sleep 1; done`] } } },
    volumeMounts: [PROXY_MOUNTS.run, PROXY_MOUNTS.cache, PROXY_MOUNTS.tls],
    resources: { requests: { cpu: '250m', memory: '128Mi' }, limits: { memory: '512Mi' } },
    securityContext: restricted,
  };
}

/** Deletes the proxy's copies as revalidation asks (deploy/purger.ts), from the site's image. */
export function purgerContainer(image: string): IContainer {
  return {
    name: 'purger',
    image,
    command: ['node', 'purger.js', `${PROXY_CACHE}/cache`, String(POD_PORTS.purge), '0.0.0.0'],
    ports: [{ name: 'purge', containerPort: POD_PORTS.purge }],
    readinessProbe: { tcpSocket: { port: 'purge' }, periodSeconds: 5 },
    volumeMounts: [PROXY_MOUNTS.cache],
    resources: { requests: { cpu: '20m', memory: '64Mi' }, limits: { memory: '128Mi' } },
    securityContext: restricted,
  };
}
