// Issue 24 item 7 (docs/deploy.md, "Kubernetes"): the manifests are valid Kubernetes objects, the
// rendered file is what the code makes, and ports, probes, stop timing and environment agree with
// what the server reads; the proxy's pod agrees with the template it runs. The Dockerfiles against
// the build: tests/e2e/container.spec.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRAIN_DEADLINE_MS } from '@/base/drain';
import { parseListenEnv } from '@/config/listenEnv';
import { parseServerEnv } from '@/config/serverEnv';
import { APP, CONTAINER_PORT, GRACE_SECONDS, HEALTH_PATH, manifests, PRESTOP_SECONDS, PROXY, PROXY_CACHE, PROXY_REPLICAS, PROXY_RUN, PROXY_UID, RENDERED, render, SERVICE_PORT, TLS_SECRET } from '../../deploy/k8s/manifests.mts';
import { INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from '../../deploy/instanceMemory';
import { writeProxyFiles } from '../../deploy/proxy-files';
import { POD_PORTS } from '../../deploy/proxyConf';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { SECURITY_HEADERS_FILE } from '@/security/serverHeaders';

/** The nginx.conf the proxy pod's init container writes with `env`, from a stand-in for the build's folder. */
function writtenConf(env: NodeJS.ProcessEnv): string {
  const root = mkdtempSync(join(tmpdir(), 'proxy-files-'));
  try {
    const build = join(root, 'build');
    mkdirSync(join(build, 'public'), { recursive: true });
    writeFileSync(join(build, 'public', 'favicon.ico'), '');
    mkdirSync(join(build, '.next', 'static'), { recursive: true });
    writeFileSync(join(build, SECURITY_HEADERS_FILE), JSON.stringify({ all: {}, https: {} }));
    for (const locale of WEBSITE_LOCALES) {
      mkdirSync(join(build, '.next', 'server', 'pages', locale), { recursive: true });
      writeFileSync(join(build, '.next', 'server', 'pages', locale, '500.html'), '');
    }
    writeProxyFiles(join(root, 'run'), join(root, 'proxy'), { ...env, PROXY_LOGS: 'files' }, build);
    return readFileSync(join(root, 'run', 'nginx.conf'), 'utf8');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

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
    // PORT and HOSTNAME are read where the server starts, NODE_OPTIONS by Node itself.
    for (const name of Object.keys(env)) expect(read.has(name) || ['PORT', 'HOSTNAME', 'NODE_OPTIONS'].includes(name), name).toBe(true);
    const secrets = { REDIS_URL: 'redis://microsites-redis:6379', REVALIDATE_SECRET: 'x'.repeat(32) };
    const values = Object.fromEntries(Object.entries(env).map(([name, entry]) => [name, entry.value ?? secrets[name as keyof typeof secrets]]));
    const server = parseServerEnv(values);
    expect(server).toMatchObject({ behindProxy: true, trustProxyHops: 1, redisUrl: secrets.REDIS_URL });
    expect(env.REVALIDATE_SECRET.valueFrom.secretKeyRef).toEqual({ name: 'microsites', key: 'REVALIDATE_SECRET' });
    expect(env.REDIS_URL.valueFrom.secretKeyRef).toEqual({ name: 'microsites', key: 'REDIS_URL' });
  });

  // Issue 43 item 3: V8's heap fits the container (bench/instance-memory.mts measures the rest).
  it("run the instance with V8's heap inside its memory limit", () => {
    expect(env.NODE_OPTIONS.value).toBe(INSTANCE_NODE_OPTIONS);
    expect(container.resources.limits.memory).toBe(`${INSTANCE_MEMORY_LIMIT_MIB}Mi`);
    const heap = Number(/--max-old-space-size=(\d+)/.exec(env.NODE_OPTIONS.value)?.[1]);
    const young = 3 * Number(/--max-semi-space-size=(\d+)/.exec(env.NODE_OPTIONS.value)?.[1]);
    expect(heap + young).toBeLessThanOrEqual(0.7 * INSTANCE_MEMORY_LIMIT_MIB);
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

describe("the proxy's pods", () => {
  const proxy = find('StatefulSet', PROXY);
  const spec = proxy.spec.template.spec;
  const init = (spec.initContainers as Json[])[0]!;
  const byName = (name: string) => (spec.containers as Json[]).find((item) => item.name === name)!;
  const [nginx, purger] = [byName('nginx'), byName('purger')];
  const template = readFileSync('deploy/nginx.conf.template', 'utf8');
  const mountOf = (item: Json, volume: string) => (item.volumeMounts as Json[]).find((mount) => mount.name === volume)?.mountPath;

  it('run nginx on the configuration the init container writes from the template, with the mounts it names', () => {
    expect(init.command).toEqual(['node', 'proxy-files.js', PROXY_RUN, PROXY_CACHE]);
    expect(nginx.args).toEqual(['nginx', '-c', `${PROXY_RUN}/nginx.conf`, '-g', 'daemon off;']);
    for (const item of [init, nginx]) expect(mountOf(item, 'run'), item.name).toBe(PROXY_RUN);
    for (const item of [init, nginx, purger]) expect(mountOf(item, 'cache'), item.name).toBe(PROXY_CACHE);
    // The template reads its certificate as {{RUN}}/tls/cert.pem and key.pem: the TLS secret, under those names.
    expect(template).toContain('ssl_certificate {{RUN}}/tls/cert.pem;');
    expect(template).toContain('ssl_certificate_key {{RUN}}/tls/key.pem;');
    expect(mountOf(nginx, 'tls')).toBe(`${PROXY_RUN}/tls`);
    expect(spec.volumes.find((volume: Json) => volume.name === 'tls').secret).toEqual({
      secretName: TLS_SECRET,
      items: [{ key: 'tls.crt', path: 'cert.pem' }, { key: 'tls.key', path: 'key.pem' }],
    });
  });

  it("listen where the services send traffic and report the proxy's own health", () => {
    expect(nginx.ports).toEqual([{ name: 'https', containerPort: POD_PORTS.https }, { name: 'http', containerPort: POD_PORTS.http }]);
    expect(template).toMatch(/listen \{\{HTTPS_PORT\}\} ssl;\n[^\n]*\n    http2 on;/);
    expect(template).toMatch(/listen \{\{HTTP_PORT\}\};[\s\S]*location = \/api\/proxy-health/);
    for (const probe of ['readinessProbe', 'livenessProbe']) expect(nginx[probe].httpGet, probe).toEqual({ path: '/api/proxy-health', port: 'http' });
    expect(find('Service', `${PROXY}-public`).spec.ports.map((port: Json) => port.targetPort)).toEqual(['https', 'http']);
    // The upstream is the instances' Service.
    expect(init.env).toContainEqual({ name: 'PROXY_UPSTREAM', value: `${APP}:${SERVICE_PORT}` });
    expect(find('Service').spec.ports[0].port).toBe(SERVICE_PORT);
  });

  it('redirect plain http to the https port the load balancer exposes, not the pod’s (issue 37 item 1)', () => {
    const https = (find('Service', `${PROXY}-public`).spec.ports as Json[]).find((port) => port.name === 'https')!.port;
    expect(https).toBe(443);
    const podEnv = Object.fromEntries((init.env as Json[]).map((entry) => [entry.name, entry.value]));
    const redirect = (env: NodeJS.ProcessEnv) => /location \/ \{\n\s*return 301 (\S+);/.exec(writtenConf(env))?.[1];
    // The init container's own environment, as the pod runs it.
    expect(redirect(podEnv)).toBe('https://$host$request_uri');
    // On one machine nginx listens where visitors arrive (deploy/local.ts), and says so.
    expect(redirect({ ...podEnv, DEPLOY_HTTPS_PORT: '8443', PROXY_PUBLIC_HTTPS_PORT: '8443' })).toBe('https://$host:8443$request_uri');
    expect(redirect({ ...podEnv, PROXY_PUBLIC_HTTPS_PORT: undefined })).toBe(`https://$host:${POD_PORTS.https}$request_uri`);
    expect(() => writtenConf({ ...podEnv, PROXY_PUBLIC_HTTPS_PORT: '443x' })).toThrow(/PROXY_PUBLIC_HTTPS_PORT must be a port number, got 443x/);
  });

  it("purge every proxy pod's cache: the instances name each pod, the purger deletes where nginx keeps its pages", () => {
    const urls = env.PROXY_PURGE_URL.value.split(',');
    expect(urls).toEqual(Array.from({ length: PROXY_REPLICAS }, (_, index) => `http://${PROXY}-${index}.${PROXY}:${POD_PORTS.purge}/purge`));
    expect(proxy.spec.replicas).toBe(PROXY_REPLICAS);
    expect(find('Service', PROXY).spec).toMatchObject({ clusterIP: 'None', ports: [{ port: POD_PORTS.purge, targetPort: 'purge' }] });
    expect(proxy.spec.serviceName).toBe(PROXY);
    expect(template).toContain('proxy_cache_path {{PROXY}}/cache ');
    expect(purger.command).toEqual(['node', 'purger.js', `${PROXY_CACHE}/cache`, String(POD_PORTS.purge), '0.0.0.0']);
    expect(purger.ports).toEqual([{ name: 'purge', containerPort: POD_PORTS.purge }]);
    // nginx writes its cache files readable by their owner only: the purger runs as the same user.
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: PROXY_UID });
    for (const item of [init, nginx, purger]) expect(item.securityContext?.runAsUser, item.name).toBeUndefined();
  });

  it('let only the instances purge, and only the proxy reach the instances', () => {
    const purge = find('NetworkPolicy', `${PROXY}-purge`).spec;
    expect(purge.podSelector.matchLabels).toEqual(proxy.spec.template.metadata.labels);
    expect(purge.ingress).toContainEqual({ from: [{ podSelector: { matchLabels: deployment.spec.template.metadata.labels } }], ports: [{ port: 'purge' }] });
    expect(purge.ingress.filter((rule: Json) => rule.ports.some((port: Json) => port.port === 'purge'))).toHaveLength(1);
    const instances = find('NetworkPolicy', `${APP}-from-proxy`).spec;
    expect(instances.ingress).toEqual([{ from: [{ podSelector: { matchLabels: proxy.spec.template.metadata.labels } }], ports: [{ port: 'http' }] }]);
  });

  it('stop gracefully after leaving the load balancer, within the grace period', () => {
    expect(nginx.lifecycle.preStop.exec.command.join(' ')).toMatch(new RegExp(`^sh -c sleep ${PRESTOP_SECONDS}; nginx -c ${PROXY_RUN}/nginx.conf -s quit;`));
    expect(spec.terminationGracePeriodSeconds).toBe(GRACE_SECONDS);
  });
});
