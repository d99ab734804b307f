// The instances on Kubernetes (docs/deploy.md, "Kubernetes"), typed against the Kubernetes API with
// kubernetes-models and validated against its schemas in `npm test`
// (tests/unit/deploy.kubernetes.test.ts). `npm run k8s:render` writes them to
// deploy/k8s/microsites.json (a List, which `kubectl apply -f` takes), which the test keeps in step.
// Secrets are referenced, never written here: `microsites` holds REVALIDATE_SECRET and REDIS_URL
// (kubectl create secret generic microsites --from-literal=…).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';

export const APP = 'microsites';
/** The port the server listens on in its container (PORT; server.ts defaults to 3000 too). */
export const CONTAINER_PORT = 3000;
export const HEALTH_PATH = '/api/health';
export const SECRET = 'microsites';
/** Seconds between SIGTERM and SIGKILL: the preStop wait plus server.ts's 20 s drain, with a margin. */
export const GRACE_SECONDS = 30;
/** Seconds the pod keeps serving after it is told to stop, while the endpoints drop it. */
export const PRESTOP_SECONDS = 5;

const labels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'instance' };
const redisLabels = { 'app.kubernetes.io/name': APP, 'app.kubernetes.io/component': 'redis' };
const probe = (failureThreshold: number, periodSeconds: number) => ({
  httpGet: { path: HEALTH_PATH, port: 'http' },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

export function manifests({ image = `${APP}:latest`, purgeUrl = `http://${APP}-proxy:8082/purge` } = {}) {
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
                  { name: 'TRUST_PROXY', value: '1' },
                  // The cluster's pod network, where the proxy connects from; nothing public reaches the pods.
                  { name: 'TRUSTED_PROXIES', value: '10.0.0.0/8' },
                  { name: 'PROXY_PURGE_URL', value: purgeUrl },
                  { name: 'REDIS_URL', valueFrom: { secretKeyRef: { name: SECRET, key: 'REDIS_URL' } } },
                  { name: 'REVALIDATE_SECRET', valueFrom: { secretKeyRef: { name: SECRET, key: 'REVALIDATE_SECRET' } } },
                ],
                readinessProbe: probe(2, 5),
                // Restart only a server that has stopped answering for 30 s, never one that is busy for a moment.
                livenessProbe: { ...probe(6, 5), initialDelaySeconds: 10 },
                startupProbe: probe(30, 1),
                // The endpoints drop the pod while it still serves; then SIGTERM starts server.ts's drain.
                lifecycle: { preStop: { exec: { command: ['sleep', String(PRESTOP_SECONDS)] } } },
                resources: { requests: { cpu: '500m', memory: '384Mi' }, limits: { memory: '768Mi' } },
                securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
              },
            ],
          },
        },
      },
    }),
    new Service({
      metadata: { name: APP, labels },
      spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
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
                securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
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
  ];
}

export const RENDERED = resolve(import.meta.dirname, 'microsites.json');
export const render = () => `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: manifests().map((object) => object.toJSON()) }, null, 2)}\n`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(RENDERED, render());
  console.log(`Wrote ${join('deploy', 'k8s', 'microsites.json')}.`);
}
