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
import { APP, GRACE_SECONDS, instanceContainer, nginxContainer, PROXY, PROXY_REPLICAS, proxyFilesContainer, PUBLIC_PORTS, purgerContainer, redisContainer, REDIS_PORT, SERVICE_PORT, USERS } from '../containers.ts';

export { APP, CONTAINER_PORT, GRACE_SECONDS, HEALTH_PATH, PRESTOP_SECONDS, PROXY, PROXY_CACHE, PROXY_REPLICAS, PROXY_RUN, SECRET, SERVICE_PORT } from '../containers.ts';
/** Debian's www-data: nginx's workers and the purger, which reads the cache files nginx writes. */
export const PROXY_UID = USERS.proxy;
export const TLS_SECRET = `${APP}-tls`;

const labels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'instance' };
const redisLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'redis' };
const proxyLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'proxy' };

export function manifests({ image = `${APP}:latest`, proxyImage = `${PROXY}:latest`, redisImage = `${APP}-redis:latest` } = {}) {
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
            securityContext: { runAsNonRoot: true, runAsUser: USERS.instance, runAsGroup: USERS.instance, fsGroup: USERS.instance },
            containers: [instanceContainer(image)],
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
            securityContext: { runAsNonRoot: true, runAsUser: USERS.redis, runAsGroup: USERS.redis },
            containers: [redisContainer(redisImage)],
          },
        },
      },
    }),
    new Service({
      metadata: { name: `${APP}-redis`, labels: redisLabels },
      spec: { selector: redisLabels, clusterIP: 'None', ports: [{ name: 'redis', port: REDIS_PORT, targetPort: 'redis' }] },
    }),
    // Only the instances reach the shared cache (it has no password).
    new NetworkPolicy({
      metadata: { name: `${APP}-redis-from-instances`, labels: redisLabels },
      spec: {
        podSelector: { matchLabels: redisLabels },
        policyTypes: ['Ingress'],
        ingress: [{ from: [{ podSelector: { matchLabels: labels } }], ports: [{ port: 'redis' }] }],
      },
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
            securityContext: { runAsNonRoot: true, runAsUser: USERS.proxy, runAsGroup: USERS.proxy, fsGroup: USERS.proxy },
            volumes: [
              { name: 'run', emptyDir: {} },
              // The page cache lives as long as the pod; stale-if-error serves from it while every instance is down.
              { name: 'cache', emptyDir: { sizeLimit: '2Gi' } },
              { name: 'tls', secret: { secretName: TLS_SECRET, items: [{ key: 'tls.crt', path: 'cert.pem' }, { key: 'tls.key', path: 'key.pem' }] } },
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
      spec: { selector: proxyLabels, clusterIP: 'None', ports: [{ name: 'purge', port: POD_PORTS.purge, targetPort: 'purge' }] },
    }),
    // What the world reaches: https, and http that redirects.
    new Service({
      metadata: { name: `${PROXY}-public`, labels: proxyLabels },
      spec: {
        type: 'LoadBalancer',
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
export const render = () => `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: manifests().map((object) => object.toJSON()) }, null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(RENDERED, render());
  console.log(`Wrote ${join('deploy', 'k8s', 'microsites.json')}.`);
}
