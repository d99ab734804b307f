// The instances, Redis and the caching proxy on Kubernetes (docs/deploy.md, "Kubernetes"), typed
// against the Kubernetes API with kubernetes-models and validated against its schemas in `npm test`
// (tests/unit/deploy.kubernetes.test.ts). `npm run k8s:render` writes them to
// deploy/k8s/microsites.json (a List, which `kubectl apply -f` takes), which the test keeps in step.
// Secrets are referenced, never written here: `microsites` holds REVALIDATE_SECRET and REDIS_URL
// (kubectl create secret generic microsites --from-literal=…), `microsites-tls` the proxy's
// certificate (kubectl create secret tls microsites-tls --cert=… --key=…).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { POD_PORTS } from '../proxyConf.ts';
import { INSTANCE_HEAP_MIB, INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from '../instanceMemory.ts';

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
/** Debian's www-data: nginx's workers and the purger, which reads the cache files nginx writes. */
export const PROXY_UID = 33;
export const TLS_SECRET = `${APP}-tls`;
/** The instances' Service port, which the proxy's upstream names. */
export const SERVICE_PORT = 80;

const labels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'instance' };
const redisLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'redis' };
const proxyLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'proxy' };
/** Each proxy pod's purge endpoint, by its stable StatefulSet name under the headless Service. */
export const purgeUrls = () => Array.from({ length: PROXY_REPLICAS }, (_, index) => `http://${PROXY}-${index}.${PROXY}:${POD_PORTS.purge}/purge`).join(',');
const restricted = { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } };
const probe = (failureThreshold: number, periodSeconds: number) => ({
  httpGet: { path: HEALTH_PATH, port: 'http' },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

export function manifests({ image = `${APP}:latest`, proxyImage = `${PROXY}:latest` } = {}) {
  return [
    new Deployment({
      metadata: { name: APP, labels },
      spec: {
        replicas: 2,
        selector: { matchLabels: labels },
        // One pod at a time, the new one ready before an old one stops: no capacity lost in a deploy.
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
        template: {
          metadata: { labels },
          spec: {
            terminationGracePeriodSeconds: GRACE_SECONDS,
            securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
            containers: [
              {
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
              },
            ],
          },
        },
      },
    }),
    new Service({
      metadata: { name: APP, labels },
      spec: { selector: labels, ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http' }] },
    }),
    new HorizontalPodAutoscaler({
      metadata: { name: APP, labels },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: APP },
        minReplicas: 2,
        maxReplicas: 10,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name: APP, labels },
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    }),
    // The shared page cache, as deploy/local.ts runs it: in memory, bounded, least recently used out.
    // A managed Redis instead: drop these two and point the secret's REDIS_URL at it.
    new StatefulSet({
      metadata: { name: `${APP}-redis`, labels: redisLabels },
      spec: {
        serviceName: `${APP}-redis`,
        replicas: 1,
        selector: { matchLabels: redisLabels },
        template: {
          metadata: { labels: redisLabels },
          spec: {
            securityContext: { runAsNonRoot: true, runAsUser: 999 },
            containers: [
              {
                name: 'redis',
                image: 'redis:7-bookworm',
                args: ['--save', '', '--appendonly', 'no', '--maxmemory', '512mb', '--maxmemory-policy', 'allkeys-lru'],
                ports: [{ name: 'redis', containerPort: 6379 }],
                readinessProbe: { exec: { command: ['redis-cli', 'ping'] }, periodSeconds: 5 },
                resources: { requests: { cpu: '100m', memory: '600Mi' }, limits: { memory: '640Mi' } },
                securityContext: restricted,
              },
            ],
          },
        },
      },
    }),
    new Service({
      metadata: { name: `${APP}-redis`, labels: redisLabels },
      spec: { selector: redisLabels, clusterIP: 'None', ports: [{ name: 'redis', port: 6379, targetPort: 'redis' }] },
    }),
    ...proxyObjects(image, proxyImage),
  ];
}

/**
 * The proxy as deploy/local.ts runs it, one pod per replica: an init container from the site's own
 * image writes nginx.conf from the same template with this build's headers and tenant map, and the
 * build's static files and error pages (deploy/proxy-files.ts); nginx runs it; the purger deletes
 * copies as revalidation asks. A StatefulSet, so that each pod has a name PROXY_PURGE_URL can list.
 */
function proxyObjects(image: string, proxyImage: string) {
  const mounts = { run: { name: 'run', mountPath: PROXY_RUN }, cache: { name: 'cache', mountPath: PROXY_CACHE } };
  const health = { httpGet: { path: '/api/proxy-health', port: 'http' }, periodSeconds: 5, timeoutSeconds: 2 };
  return [
    new StatefulSet({
      metadata: { name: PROXY, labels: proxyLabels },
      spec: {
        serviceName: PROXY,
        replicas: PROXY_REPLICAS,
        podManagementPolicy: 'Parallel',
        selector: { matchLabels: proxyLabels },
        template: {
          metadata: { labels: proxyLabels },
          spec: {
            terminationGracePeriodSeconds: GRACE_SECONDS,
            securityContext: { runAsNonRoot: true, runAsUser: PROXY_UID, runAsGroup: PROXY_UID, fsGroup: PROXY_UID },
            volumes: [
              { name: 'run', emptyDir: {} },
              // The page cache lives as long as the pod; stale-if-error serves from it while every instance is down.
              { name: 'cache', emptyDir: { sizeLimit: '2Gi' } },
              { name: 'tls', secret: { secretName: TLS_SECRET, items: [{ key: 'tls.crt', path: 'cert.pem' }, { key: 'tls.key', path: 'key.pem' }] } },
            ],
            initContainers: [
              {
                name: 'proxy-files',
                image,
                command: ['node', 'proxy-files.js', PROXY_RUN, PROXY_CACHE],
                env: [
                  { name: 'PROXY_UPSTREAM', value: `${APP}:${SERVICE_PORT}` },
                  { name: 'DEPLOY_PROXY_FRESH_SECONDS', value: '60' },
                ],
                volumeMounts: [mounts.run, mounts.cache],
                resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
                securityContext: restricted,
              },
            ],
            containers: [
              {
                name: 'nginx',
                image: proxyImage,
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
                volumeMounts: [mounts.run, mounts.cache, { name: 'tls', mountPath: `${PROXY_RUN}/tls`, readOnly: true }],
                resources: { requests: { cpu: '250m', memory: '128Mi' }, limits: { memory: '512Mi' } },
                securityContext: restricted,
              },
              {
                name: 'purger',
                image,
                command: ['node', 'purger.js', `${PROXY_CACHE}/cache`, String(POD_PORTS.purge), '0.0.0.0'],
                ports: [{ name: 'purge', containerPort: POD_PORTS.purge }],
                readinessProbe: { tcpSocket: { port: 'purge' }, periodSeconds: 5 },
                volumeMounts: [mounts.cache],
                resources: { requests: { cpu: '20m', memory: '64Mi' }, limits: { memory: '128Mi' } },
                securityContext: restricted,
              },
            ],
          },
        },
      },
    }),
    // Each pod by name, for the instances' purges (microsites-proxy-0.microsites-proxy:8082).
    new Service({
      metadata: { name: PROXY, labels: proxyLabels },
      spec: { selector: proxyLabels, clusterIP: 'None', ports: [{ name: 'purge', port: POD_PORTS.purge, targetPort: 'purge' }] },
    }),
    // What the world reaches: https, and http that redirects.
    new Service({
      metadata: { name: `${PROXY}-public`, labels: proxyLabels },
      spec: {
        type: 'LoadBalancer',
        selector: proxyLabels,
        ports: [
          { name: 'https', port: 443, targetPort: 'https' },
          { name: 'http', port: 80, targetPort: 'http' },
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
export const render = () => `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: manifests().map((object) => object.toJSON()) }, null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(RENDERED, render());
  console.log(`Wrote ${join('deploy', 'k8s', 'microsites.json')}.`);
}
