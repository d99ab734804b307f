// Issue 24 item 7 (docs/deploy.md, "Kubernetes"): the manifests are valid Kubernetes objects, the
// rendered file is what the code makes, and ports, probes, stop timing and environment agree with
// what the server reads. The Dockerfile against the build: tests/e2e/container.spec.ts.
import { readFileSync } from 'node:fs';
import { DRAIN_DEADLINE_MS } from '@/base/drain';
import { parseListenEnv } from '@/config/listenEnv';
import { parseServerEnv } from '@/config/serverEnv';
import { APP, CONTAINER_PORT, GRACE_SECONDS, HEALTH_PATH, manifests, PRESTOP_SECONDS, RENDERED, render } from '../../deploy/k8s/manifests.mts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Kubernetes objects as plain JSON
const objects = manifests().map((object) => object.toJSON() as Json);
const find = (kind: string, name = APP) => objects.find((object) => object.kind === kind && object.metadata.name === name)!;
const deployment = find('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const env: Json = Object.fromEntries((container.env as Json[]).map((entry) => [entry.name, entry]));

describe('the Kubernetes manifests', () => {
  it('are valid against the Kubernetes API schemas', () => {
    for (const object of manifests()) expect(() => object.validate(), `${object.kind} ${object.metadata?.name}`).not.toThrow();
    // The check is real: a wrong field type fails it.
    const broken = manifests()[0] as unknown as Json;
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => broken.validate()).toThrow(/containerPort must be integer/);
  });

  it('are what deploy/k8s/microsites.json holds (npm run k8s:render writes it)', () => {
    expect(readFileSync(RENDERED, 'utf8')).toBe(render());
  });

  it('listen, probe and serve on the port the server is given, on an address it accepts', () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: CONTAINER_PORT }]);
    const listen = parseListenEnv({ PORT: env.PORT.value, HOSTNAME: env.HOSTNAME.value });
    expect(listen).toEqual({ port: CONTAINER_PORT, hostname: '0.0.0.0' });
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) expect(container[probe].httpGet, probe).toEqual({ path: HEALTH_PATH, port: 'http' });
    expect(readFileSync(`pages${HEALTH_PATH}.ts`, 'utf8')).toContain('200');
    expect(find('Service').spec.ports[0].targetPort).toBe('http');
  });

  it('pass only variables the server reads, with values it accepts (secrets from the secret store)', () => {
    const read = new Set([...readFileSync('src/config/serverEnv.ts', 'utf8').matchAll(/process\.env\.([A-Z_]+)/g)].map((match) => match[1]));
    for (const name of Object.keys(env)) expect(read.has(name) || ['PORT', 'HOSTNAME'].includes(name), name).toBe(true);
    const secrets = { REDIS_URL: 'redis://microsites-redis:6379', REVALIDATE_SECRET: 'x'.repeat(32) };
    const values = Object.fromEntries(Object.entries(env).map(([name, entry]) => [name, entry.value ?? secrets[name as keyof typeof secrets]]));
    const server = parseServerEnv(values);
    expect(server).toMatchObject({ behindProxy: true, trustProxyHops: 1, redisUrl: secrets.REDIS_URL });
    expect(env.REVALIDATE_SECRET.valueFrom.secretKeyRef).toEqual({ name: 'microsites', key: 'REVALIDATE_SECRET' });
    expect(env.REDIS_URL.valueFrom.secretKeyRef).toEqual({ name: 'microsites', key: 'REDIS_URL' });
  });

  it('give a stopping pod time to leave the endpoints and drain before it is killed', () => {
    expect(container.lifecycle.preStop.exec.command).toEqual(['sleep', String(PRESTOP_SECONDS)]);
    expect(pod.terminationGracePeriodSeconds).toBe(GRACE_SECONDS);
    expect(GRACE_SECONDS).toBeGreaterThan(PRESTOP_SECONDS + DRAIN_DEADLINE_MS / 1000);
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
  });

  it('select the pods they mean: service, autoscaler and disruption budget on the deployment', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(find('Service').spec.selector).toEqual(labels);
    expect(find('PodDisruptionBudget').spec.selector.matchLabels).toEqual(labels);
    expect(find('HorizontalPodAutoscaler').spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: APP });
    expect(find('HorizontalPodAutoscaler').spec.minReplicas).toBeGreaterThan(find('PodDisruptionBudget').spec.minAvailable);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    const redis = find('StatefulSet', `${APP}-redis`);
    expect(find('Service', `${APP}-redis`).spec.selector).toEqual(redis.spec.template.metadata.labels);
    expect(redis.spec.template.spec.containers[0].args).toEqual(expect.arrayContaining(['--maxmemory-policy', 'allkeys-lru']));
  });
});
