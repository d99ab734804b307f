// The containers of the topology, defined once (docs/deploy.md, "One topology"): Kubernetes gets
// them in its pods (deploy/k8s/manifests.mts), and `npm run deploy:local` runs the same ones under
// podman on one machine (deploy/local.ts, deploy/podman.ts), with only the addresses changed.
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSecurityContext } from 'kubernetes-models/v1/PodSecurityContext';
import type { ISecurityContext } from 'kubernetes-models/v1/SecurityContext';
import { INSTANCE_HEAP_MIB, INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from './instanceMemory';
import { ACME_SOLVER_PORT, POD_PORTS } from './proxyConf';

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
const purgeUrls = () =>
  Array.from(
    { length: PROXY_REPLICAS },
    (_, index) => `http://${PROXY}-${index}.${PROXY}:${POD_PORTS.purge}/purge`,
  ).join(',');

/**
 * What every container runs with: the "restricted" Pod Security Standard (no escalation, no
 * capability, the runtime's seccomp profile) and a read-only root, writing only to its volumes.
 */
export const restricted: ISecurityContext = {
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  readOnlyRootFilesystem: true,
  seccompProfile: { type: 'RuntimeDefault' },
};
/** A pod's own settings for `user`: never root, the runtime's seccomp profile. */
export const podSecurity = (user: number, volumeGroup = true): IPodSecurityContext => ({
  runAsNonRoot: true,
  runAsUser: user,
  runAsGroup: user,
  ...(volumeGroup ? { fsGroup: user } : {}),
  seccompProfile: { type: 'RuntimeDefault' },
});

/**
 * Folders a container writes besides its named volumes, each an emptyDir in a pod and a tmpfs
 * under podman (deploy/podman.ts), with the size either may grow to: Node's and Next's temporary
 * files, and Next's own cache of the build (what the shared cache in Redis does not hold).
 */
export const SCRATCH = {
  tmp: { mountPath: '/tmp', sizeLimit: '64Mi' },
  'next-cache': { mountPath: '/app/.next/cache', sizeLimit: '256Mi' },
} as const;
export type ScratchName = keyof typeof SCRATCH;
const scratchMounts = (...names: ScratchName[]) => names.map((name) => ({ name, mountPath: SCRATCH[name].mountPath }));
/** The emptyDir volumes for those folders, for a pod spec. */
export const scratchVolumes = (...names: ScratchName[]) =>
  names.map((name) => ({ name, emptyDir: { sizeLimit: SCRATCH[name].sizeLimit } }));
const probe = (failureThreshold: number, periodSeconds: number) => ({
  httpGet: { path: HEALTH_PATH, port: 'http' },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

/** The volumes a proxy pod's containers mount, by name. */
export const PROXY_MOUNTS = {
  run: { name: 'run', mountPath: PROXY_RUN },
  cache: { name: 'cache', mountPath: PROXY_CACHE },
  tls: { name: 'tls', mountPath: `${PROXY_RUN}/tls`, readOnly: true },
};

/**
 * The cluster's pod network, which the instances trust the proxy's X-Forwarded-* headers from
 * (TRUSTED_PROXIES): nothing outside the pods reaches them (the NetworkPolicy in
 * deploy/k8s/manifests.mts), so the range only needs to hold the proxy pods. A cluster's own
 * range is a parameter of `npm run k8s:render` (--pod-network).
 */
export const POD_NETWORK = '10.0.0.0/8';
/** The shared cache's password, in a Secret of its own (key `password`) that Redis and the instances both read. */
export const REDIS_SECRET = `${APP}-redis`;
const redisPassword = (name: string) => ({
  name,
  valueFrom: { secretKeyRef: { name: REDIS_SECRET, key: 'password' } },
});
/** An image is named by its build's tag (deploy/images.ts), never a moving one: a node pulls it once. */
const pulled = { imagePullPolicy: 'IfNotPresent' } as const;

export function instanceContainer(image: string, podNetwork = POD_NETWORK): IContainer {
  return {
    name: 'server',
    image,
    ...pulled,
    ports: [{ name: 'http', containerPort: CONTAINER_PORT }],
    env: [
      // Kubernetes sets HOSTNAME to the pod's name; the server refuses anything but an address.
      { name: 'HOSTNAME', value: '0.0.0.0' },
      { name: 'PORT', value: String(CONTAINER_PORT) },
      { name: 'BEHIND_PROXY', value: 'true' },
      { name: 'NODE_OPTIONS', value: INSTANCE_NODE_OPTIONS },
      { name: 'TRUST_PROXY', value: '1' },
      { name: 'TRUSTED_PROXIES', value: podNetwork },
      { name: 'PROXY_PURGE_URL', value: purgeUrls() },
      // Kubernetes puts the password into the URL ($(NAME) names a variable listed before it; so
      // does deploy/podman.ts): it lives in one Secret, which Redis reads too. Hex, so the URL needs no escaping.
      redisPassword('REDIS_PASSWORD'),
      { name: 'REDIS_URL', value: `redis://:$(REDIS_PASSWORD)@${APP}-redis:${REDIS_PORT}` },
      { name: 'REVALIDATE_SECRET', valueFrom: { secretKeyRef: { name: SECRET, key: 'REVALIDATE_SECRET' } } },
    ],
    readinessProbe: probe(2, 5),
    // Restart only a server that has stopped answering for 30 s, never one that is busy for a moment.
    livenessProbe: { ...probe(6, 5), initialDelaySeconds: 10 },
    startupProbe: probe(30, 1),
    // The endpoints drop the pod while it still serves; then SIGTERM starts server.ts's drain.
    lifecycle: { preStop: { exec: { command: ['sleep', String(PRESTOP_SECONDS)] } } },
    resources: {
      requests: { cpu: '500m', memory: `${INSTANCE_HEAP_MIB}Mi` },
      limits: { memory: `${INSTANCE_MEMORY_LIMIT_MIB}Mi` },
    },
    volumeMounts: scratchMounts('tmp', 'next-cache'),
    securityContext: restricted,
  };
}

/** Redis's own bound on what it keeps; its container's limit leaves room above it (REDIS_MEMORY_LIMIT_MIB). */
export const REDIS_MAXMEMORY_MIB = 512;
/** Half as much again: client buffers, fragmentation and Redis's own structures live above maxmemory. */
export const REDIS_MEMORY_LIMIT_MIB = 768;

/**
 * The shared page cache: in memory, bounded, least recently used out, behind a password. The
 * password reaches redis-server in a file in its memory-backed /tmp, never on its command line;
 * redis-cli (the probe) reads it as REDISCLI_AUTH.
 */
export function redisContainer(image: string): IContainer {
  return {
    name: 'redis',
    // Debian's redis-server (deploy/images/redis.Containerfile).
    image,
    ...pulled,
    command: [
      'sh',
      '-c',
      'umask 077 && printf \'requirepass "%s"\\n\' "$REDIS_PASSWORD" > /tmp/redis.conf && exec redis-server /tmp/redis.conf "$@"',
      'redis-server',
    ],
    args: [
      '--bind',
      '0.0.0.0',
      '--port',
      String(REDIS_PORT),
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      `${REDIS_MAXMEMORY_MIB}mb`,
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    env: [redisPassword('REDIS_PASSWORD'), redisPassword('REDISCLI_AUTH')],
    ports: [{ name: 'redis', containerPort: REDIS_PORT }],
    readinessProbe: { exec: { command: ['redis-cli', '-p', String(REDIS_PORT), 'ping'] }, periodSeconds: 5 },
    resources: {
      requests: { cpu: '100m', memory: `${REDIS_MEMORY_LIMIT_MIB}Mi` },
      limits: { memory: `${REDIS_MEMORY_LIMIT_MIB}Mi` },
    },
    volumeMounts: scratchMounts('tmp'),
    securityContext: restricted,
  };
}

/** The cluster's DNS domain (Kubernetes' default). */
const CLUSTER_DOMAIN = 'cluster.local';
/** The label the Issuer gives cert-manager's HTTP-01 solver pods, which their Service selects. */
export const ACME_SOLVER_LABEL = `${APP}/acme-solver`;

/** The ports the world reaches the proxies on, through the load balancer (deploy/k8s/manifests.mts). */
export const PUBLIC_PORTS = { https: 443, http: 80 } as const;

/** A proxy pod's init container, from the site's image: nginx.conf and the build's files (deploy/proxy-files.ts). */
export function proxyFilesContainer(image: string): IContainer {
  return {
    name: 'proxy-files',
    image,
    ...pulled,
    command: ['node', 'proxy-files.js', PROXY_RUN, PROXY_CACHE],
    env: [
      { name: 'PROXY_UPSTREAM', value: `${APP}:${SERVICE_PORT}` },
      { name: 'DEPLOY_PROXY_FRESH_SECONDS', value: '60' },
      { name: 'PROXY_PUBLIC_HTTPS_PORT', value: String(PUBLIC_PORTS.https) },
      // cert-manager's solver pods, under their headless Service, by the name nginx's resolver
      // needs (it knows no search domains): the pod's namespace from the downward API.
      { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
      {
        name: 'PROXY_ACME_SOLVER',
        value: `${APP}-acme-solver.$(POD_NAMESPACE).svc.${CLUSTER_DOMAIN}:${ACME_SOLVER_PORT}`,
      },
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
    ...pulled,
    args: ['nginx', '-c', `${PROXY_RUN}/nginx.conf`, '-g', 'daemon off;'],
    ports: [
      { name: 'https', containerPort: POD_PORTS.https },
      { name: 'http', containerPort: POD_PORTS.http },
    ],
    // Healthy while nginx runs, whatever the instances do: it still serves what it holds.
    readinessProbe: { ...health, failureThreshold: 2 },
    livenessProbe: { ...health, failureThreshold: 6 },
    // Out of the load balancer first, then a graceful stop: requests in flight finish.
    lifecycle: {
      preStop: {
        exec: {
          command: [
            'sh',
            '-c',
            `sleep ${PRESTOP_SECONDS}; nginx -c ${PROXY_RUN}/nginx.conf -s quit; while [ -e ${PROXY_RUN}/nginx.pid ]; do sleep 1; done`,
          ],
        },
      },
    },
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
    ...pulled,
    command: ['node', 'purger.js', `${PROXY_CACHE}/cache`, String(POD_PORTS.purge), '0.0.0.0'],
    ports: [{ name: 'purge', containerPort: POD_PORTS.purge }],
    readinessProbe: { tcpSocket: { port: 'purge' }, periodSeconds: 5 },
    volumeMounts: [PROXY_MOUNTS.cache],
    resources: { requests: { cpu: '20m', memory: '64Mi' }, limits: { memory: '128Mi' } },
    securityContext: restricted,
  };
}
