// The instances, Redis and the caching proxy on Kubernetes (docs/deploy.md, "Kubernetes"), typed
// against the Kubernetes API with kubernetes-models (cert-manager's objects with its models) and
// validated against their schemas in `npm test` (tests/unit/deploy.kubernetes.test.ts), with the
// "restricted" Pod Security rules applied to every pod.
//   npm run k8s:render -- [--registry <host/path>] [--tag <b-build id>] [--pod-network <CIDR>]
//                         [--acme-server <directory URL>] [--acme-email <address>] [--env <env>] [--out <file>]
// writes them as a List (`kubectl apply -f` takes it), by default to deploy/k8s/microsites.json,
// with the images of the build in .next unless a tag is given. Secrets are referenced, never
// written here: `microsites` holds REVALIDATE_SECRET, `microsites-redis` the shared cache's
// password (kubectl create secret generic microsites-redis --from-literal=password=$(openssl rand -hex 32)),
// `microsites-tls` the certificate for requests that name no tenant host; cert-manager writes one
// Secret per tenant host from the Certificates below.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Certificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import { Issuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { ITopologySpreadConstraint } from 'kubernetes-models/v1/TopologySpreadConstraint';
import { DOMAIN_ENTRIES } from '../../src/tenancy/tenantMap.ts';
import { ACME_SOLVER_PORT, hostCertificateDir, POD_PORTS } from '../proxyConf.ts';
import { builtRelease, IMAGES } from '../images.ts';
import {
  ACME_SOLVER_LABEL,
  APP,
  GRACE_SECONDS,
  instanceContainer,
  nginxContainer,
  podSecurity,
  POD_NETWORK,
  PROXY,
  PROXY_REPLICAS,
  proxyFilesContainer,
  PUBLIC_PORTS,
  purgerContainer,
  redisContainer,
  REDIS_PORT,
  scratchVolumes,
  SERVICE_PORT,
  USERS,
} from '../containers.ts';
import { isTagValue, TAG_VALUE_RULE } from '../../src/monitoring/tagValue';

export {
  APP,
  CONTAINER_PORT,
  GRACE_SECONDS,
  HEALTH_PATH,
  PRESTOP_SECONDS,
  PROXY,
  PROXY_CACHE,
  PROXY_REPLICAS,
  PROXY_RUN,
  REDIS_SECRET,
  SECRET,
  SERVICE_PORT,
} from '../containers.ts';
/** Debian's www-data: nginx's workers and the purger, which reads the cache files nginx writes. */
export const PROXY_UID = USERS.proxy;
/** The certificate for requests that name no tenant host (health checks, previews, no SNI). */
export const TLS_SECRET = `${APP}-tls`;
/** Let's Encrypt's production directory; its staging one, or any ACME CA, is a parameter. */
export const LETS_ENCRYPT = 'https://acme-v02.api.letsencrypt.org/directory';
/** A CA signs at most this many names into one certificate (Let's Encrypt: 100); each host has its own. */
export const ACME_NAME_LIMIT = 100;
/** The Secret cert-manager writes a tenant host's certificate to. */
export const hostTlsSecret = (host: string) => `${APP}-tls-${host}`;

export interface RenderOptions {
  /** Where the cluster pulls the images from: `registry.example.com/luggage` (the images keep their names). */
  registry?: string;
  /** The build's tag (deploy/images.ts), the same for the three images. */
  tag: string;
  /** The cluster's pod network, which the instances trust the proxy's headers from. */
  podNetwork?: string;
  acmeServer?: string;
  acmeEmail?: string;
  /** The `env` tag of the pods' metrics and logs (Datadog's unified service tagging): the build's NEXT_PUBLIC_DATADOG_ENV. */
  env?: string;
}

const labels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'instance' };
const redisLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'redis' };
const proxyLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'proxy' };
/**
 * Datadog's unified service tagging: the Agent tags a pod's (and its workload's) metrics with these,
 * which the ops monitors on restarts, OOM kills and the HPA filter by (ops/datadog/scope.ts). On
 * pods and workloads only, never in a selector, which a Deployment cannot change.
 */
const serviceTags = (service: string, env: string) => ({
  'tags.datadoghq.com/service': service,
  'tags.datadoghq.com/env': env,
});

/** Spread over nodes and zones where the cluster has them; never left unscheduled for want of one. */
const spread = (matchLabels: Record<string, string>): ITopologySpreadConstraint[] =>
  ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'].map((topologyKey) => ({
    maxSkew: 1,
    topologyKey,
    whenUnsatisfiable: 'ScheduleAnyway',
    labelSelector: { matchLabels },
  }));

/** The three images of one build, from `registry`. */
export const imageNames = (registry: string, tag: string) => {
  const named = (kind: keyof typeof IMAGES) =>
    `${registry.replace(/\/+$/, '')}/${IMAGES[kind].split('/').at(-1)}:${tag}`;
  return { site: named('site'), proxy: named('proxy'), redis: named('redis') };
};

export function manifests({
  registry = 'localhost',
  tag,
  podNetwork = POD_NETWORK,
  acmeServer = LETS_ENCRYPT,
  acmeEmail,
  env = 'production',
}: RenderOptions) {
  if (!isTagValue(env)) throw new Error(`--env: ${TAG_VALUE_RULE}, not ${JSON.stringify(env)}`);
  const instanceTags = serviceTags(`${APP}-server`, env);
  const redisTags = serviceTags(`${APP}-redis`, env);
  const proxyTags = serviceTags(`${APP}-proxy`, env);
  if (!/^b-[A-Za-z0-9_-]+$/.test(tag))
    throw new Error(`--tag: a build's tag (b-<build id>, deploy/images.ts), not ${JSON.stringify(tag)}`);
  const images = imageNames(registry, tag);
  return [
    new Deployment({
      metadata: { name: APP, labels: { ...labels, ...instanceTags } },
      spec: {
        // No replicas: the autoscaler below sets them, and an apply must not reset its choice.
        selector: { matchLabels: labels },
        // One pod at a time, the new one ready before an old one stops: no capacity lost in a deploy.
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        template: {
          metadata: { labels: { ...labels, ...instanceTags } },
          spec: {
            terminationGracePeriodSeconds: GRACE_SECONDS,
            securityContext: podSecurity(USERS.instance),
            topologySpreadConstraints: spread(labels),
            volumes: scratchVolumes('tmp', 'next-cache'),
            containers: [instanceContainer(images.site, podNetwork)],
          },
        },
      },
    }),
    new Service({
      metadata: { name: APP, labels },
      spec: { selector: labels, ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http' }] },
    }),
    new HorizontalPodAutoscaler({
      metadata: { name: APP, labels: { ...labels, ...instanceTags } },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: APP },
        minReplicas: 2,
        maxReplicas: 10,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        ],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name: APP, labels },
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    }),
    // The shared page cache, as deploy/local.ts runs it: in memory, bounded, least recently used out.
    // A managed Redis instead: drop these four and point the instances' REDIS_URL at it.
    new StatefulSet({
      metadata: { name: `${APP}-redis`, labels: { ...redisLabels, ...redisTags } },
      spec: {
        serviceName: `${APP}-redis`,
        replicas: 1,
        selector: { matchLabels: redisLabels },
        template: {
          metadata: { labels: { ...redisLabels, ...redisTags } },
          spec: {
            securityContext: podSecurity(USERS.redis, false),
            // Its password file, in memory.
            volumes: [{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '1Mi' } }],
            containers: [redisContainer(images.redis)],
          },
        },
      },
    }),
    new Service({
      metadata: { name: `${APP}-redis`, labels: redisLabels },
      spec: {
        selector: redisLabels,
        clusterIP: 'None',
        ports: [{ name: 'redis', port: REDIS_PORT, targetPort: 'redis' }],
      },
    }),
    // A node drain waits for an operator to move the cache (the instances render without it, slower),
    // instead of emptying it unannounced; a pod that is not ready can always go.
    new PodDisruptionBudget({
      metadata: { name: `${APP}-redis`, labels: redisLabels },
      spec: { minAvailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow', selector: { matchLabels: redisLabels } },
    }),
    // Only the instances reach the shared cache.
    new NetworkPolicy({
      metadata: { name: `${APP}-redis-from-instances`, labels: redisLabels },
      spec: {
        podSelector: { matchLabels: redisLabels },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: labels } }], ports: [{ port: 'redis' }] }],
      },
    }),
    ...proxyObjects(images.site, images.proxy, proxyTags),
    ...certificateObjects(acmeServer, acmeEmail),
  ];
}

/**
 * A certificate for every tenant host (docs/deploy.md, "Certificates"): cert-manager's Issuer,
 * Let's Encrypt by HTTP-01, and one Certificate per host of tenants/domains.json, so that a
 * marketer's new host gets its own at the next deploy and no other is issued again. The proxy
 * answers the CA's challenge requests on plain http by passing them to cert-manager's solver pods
 * (labelled through the Issuer's pod template, found under one headless Service).
 */
function certificateObjects(server: string, email: string | undefined) {
  const solverLabels = { [ACME_SOLVER_LABEL]: 'true' };
  return [
    new Issuer({
      metadata: { name: `${APP}-acme`, labels: proxyLabels },
      spec: {
        acme: {
          server,
          ...(email ? { email } : {}),
          privateKeySecretRef: { name: `${APP}-acme-account` },
          solvers: [{ http01: { ingress: { podTemplate: { metadata: { labels: solverLabels } } } } }],
        },
      },
    }),
    new Service({
      metadata: { name: `${APP}-acme-solver`, labels: proxyLabels },
      spec: {
        selector: solverLabels,
        clusterIP: 'None',
        ports: [{ name: 'http', port: ACME_SOLVER_PORT, targetPort: ACME_SOLVER_PORT }],
      },
    }),
    new NetworkPolicy({
      metadata: { name: `${APP}-acme-solver-from-proxy`, labels: proxyLabels },
      spec: {
        podSelector: { matchLabels: solverLabels },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: proxyLabels } }], ports: [{ port: ACME_SOLVER_PORT }] }],
      },
    }),
    ...DOMAIN_ENTRIES.map(
      ({ domain }) =>
        new Certificate({
          metadata: { name: hostTlsSecret(domain), labels: proxyLabels },
          spec: {
            secretName: hostTlsSecret(domain),
            dnsNames: [domain],
            issuerRef: { kind: 'Issuer', name: `${APP}-acme` },
            privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
          },
        }),
    ),
  ];
}

/**
 * The proxy's certificates, as nginx reads them by the name a visitor's browser asks for
 * (deploy/nginx.conf.template): the default one, and each tenant host's from the Secret
 * cert-manager writes, optional so that a host whose certificate is not issued yet does not keep
 * the pod from starting. A renewed Secret reaches the files in about a minute; nginx reads them at
 * each new connection.
 */
const tlsSources = () => [
  {
    secret: {
      name: TLS_SECRET,
      items: [
        { key: 'tls.crt', path: 'cert.pem' },
        { key: 'tls.key', path: 'key.pem' },
      ],
    },
  },
  ...DOMAIN_ENTRIES.map(({ domain }) => ({
    secret: {
      name: hostTlsSecret(domain),
      optional: true,
      items: [
        { key: 'tls.crt', path: `${hostCertificateDir(domain)}/cert.pem` },
        { key: 'tls.key', path: `${hostCertificateDir(domain)}/key.pem` },
      ],
    },
  })),
];

/**
 * The proxy as deploy/local.ts runs it, one pod per replica: an init container from the site's own
 * image writes nginx.conf from the same template with this build's headers and tenant map, and the
 * build's static files and error pages (deploy/proxy-files.ts); nginx runs it; the purger deletes
 * copies as revalidation asks. A StatefulSet, so that each pod has a name PROXY_PURGE_URL can list.
 */
function proxyObjects(image: string, proxyImage: string, proxyTags: Record<string, string>) {
  return [
    new StatefulSet({
      metadata: { name: PROXY, labels: { ...proxyLabels, ...proxyTags } },
      spec: {
        serviceName: PROXY,
        replicas: PROXY_REPLICAS,
        podManagementPolicy: 'Parallel',
        selector: { matchLabels: proxyLabels },
        template: {
          metadata: { labels: { ...proxyLabels, ...proxyTags } },
          spec: {
            terminationGracePeriodSeconds: GRACE_SECONDS,
            securityContext: podSecurity(USERS.proxy),
            topologySpreadConstraints: spread(proxyLabels),
            volumes: [
              { name: 'run', emptyDir: { sizeLimit: '64Mi' } },
              // The page cache lives as long as the pod; stale-if-error serves from it while every instance is down.
              { name: 'cache', emptyDir: { sizeLimit: '2Gi' } },
              { name: 'tls', projected: { sources: tlsSources() } },
            ],
            initContainers: [proxyFilesContainer(image)],
            containers: [nginxContainer(proxyImage), purgerContainer(image)],
          },
        },
      },
    }),
    // Each pod by name, for the instances' purges (microsites-proxy-0.microsites-proxy:8082).
    new Service({
      metadata: { name: PROXY, labels: proxyLabels },
      spec: {
        selector: proxyLabels,
        clusterIP: 'None',
        ports: [{ name: 'purge', port: POD_PORTS.purge, targetPort: 'purge' }],
      },
    }),
    // What the world reaches: https, and http that redirects.
    new Service({
      metadata: { name: `${PROXY}-public`, labels: proxyLabels },
      spec: {
        type: 'LoadBalancer',
        // The visitor's own address reaches nginx (its rate limits are per visitor), and only nodes
        // that run a proxy pod take traffic (the load balancer's health check on each node says so).
        externalTrafficPolicy: 'Local',
        selector: proxyLabels,
        ports: [
          { name: 'https', port: PUBLIC_PORTS.https, targetPort: 'https' },
          { name: 'http', port: PUBLIC_PORTS.http, targetPort: 'http' },
        ],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name: PROXY, labels: proxyLabels },
      spec: { minAvailable: 1, selector: { matchLabels: proxyLabels } },
    }),
    // The purge endpoint answers the instances only; the instances answer the proxy only (they trust
    // its X-Forwarded-* headers from the pod network).
    new NetworkPolicy({
      metadata: { name: `${PROXY}-purge`, labels: proxyLabels },
      spec: {
        podSelector: { matchLabels: proxyLabels },
        policyTypes: ['Ingress'],
        ingress: [
          { ports: [{ port: 'https' }, { port: 'http' }] },
          { from: [{ podSelector: { matchLabels: labels } }], ports: [{ port: 'purge' }] },
        ],
      },
    }),
    new NetworkPolicy({
      metadata: { name: `${APP}-from-proxy`, labels },
      spec: {
        podSelector: { matchLabels: labels },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: proxyLabels } }], ports: [{ port: 'http' }] }],
      },
    }),
  ];
}

export const RENDERED = resolve(import.meta.dirname, 'microsites.json');
export const render = (options: RenderOptions) =>
  `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: manifests(options).map((object) => object.toJSON()) }, null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { values } = parseArgs({
      options: {
        registry: { type: 'string' },
        tag: { type: 'string' },
        env: { type: 'string' },
        'pod-network': { type: 'string' },
        'acme-server': { type: 'string' },
        'acme-email': { type: 'string' },
        out: { type: 'string' },
      },
      strict: true,
    });
    const tag = values.tag ?? builtRelease().tag;
    const out = values.out ?? RENDERED;
    writeFileSync(
      out,
      render({
        registry: values.registry,
        tag,
        podNetwork: values['pod-network'],
        acmeServer: values['acme-server'],
        acmeEmail: values['acme-email'],
        env: values.env,
      }),
    );
    console.log(`Wrote ${out}: the images of ${tag} from ${values.registry ?? 'localhost'}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
