// Issue 24 item 7 (docs/deploy.md, "Kubernetes"): the manifests are valid Kubernetes objects, the
// rendered file is what the code makes, and ports, probes, stop timing and environment agree with
// what the server reads; the proxy's pod agrees with the template it runs. The Dockerfiles against
// the build: tests/e2e/container.spec.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRAIN_DEADLINE_MS } from '@/base/drain';
import { parseListenEnv } from '@/config/listenEnv';
import { variablesOf } from '@/config/parse';
import { parseServerEnv, serverEnvSchema } from '@/config/serverEnv';
import {
  ACME_NAME_LIMIT,
  APP,
  CONTAINER_PORT,
  GRACE_SECONDS,
  HEALTH_PATH,
  hostTlsSecret,
  LETS_ENCRYPT,
  manifests,
  PRESTOP_SECONDS,
  PROXY,
  PROXY_CACHE,
  PROXY_REPLICAS,
  PROXY_RUN,
  PROXY_UID,
  REDIS_SECRET,
  render,
  SERVICE_PORT,
  TLS_SECRET,
} from '../../deploy/k8s/manifests.mts';
import { REDIS_MAXMEMORY_MIB, REDIS_MEMORY_LIMIT_MIB } from '../../deploy/containers';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { INSTANCE_MEMORY_LIMIT_MIB, INSTANCE_NODE_OPTIONS } from '../../deploy/instanceMemory';
import { writeProxyFiles } from '../../deploy/proxy-files';
import { hostCertificateDir, POD_PORTS } from '../../deploy/proxyConf';
import { expandVariables } from '../../deploy/podman';
import { nginxMap } from './support/nginxMap';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { SECURITY_HEADERS_FILE } from '@/security/serverHeaders';

/** The nginx.conf the proxy pod's init container writes with `env`, from a stand-in for the build's folder. */
function writtenConf(env: NodeJS.ProcessEnv, resolvConf?: string): string {
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
    writeProxyFiles(join(root, 'run'), join(root, 'proxy'), { ...env, PROXY_LOGS: 'files' }, build, resolvConf);
    return readFileSync(join(root, 'run', 'nginx.conf'), 'utf8');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Kubernetes objects as plain JSON
const TAG = 'b-Test_build1';
const objects = manifests({ tag: TAG }).map((object) => object.toJSON() as Json);
const find = (kind: string, name = APP) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name)!;
const deployment = find('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const env: Json = Object.fromEntries((container.env as Json[]).map((entry) => [entry.name, entry]));

describe('the Kubernetes manifests', () => {
  it('are valid against the Kubernetes API schemas', () => {
    for (const object of manifests({ tag: TAG }))
      expect(() => object.validate(), `${object.kind} ${object.metadata?.name}`).not.toThrow();
    // The check is real: a wrong field type fails it.
    const broken = manifests({ tag: TAG })[0] as unknown as Json;
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => broken.validate()).toThrow(/containerPort must be integer/);
  });

  it('are what `npm run k8s:render` writes, with the registry and tag it is given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-render-'));
    try {
      const out = join(dir, 'microsites.json');
      execFileSync(
        'npx',
        ['tsx', 'deploy/k8s/manifests.mts', '--registry', 'registry.example.com/luggage/', '--tag', TAG, '--out', out],
        { stdio: 'ignore' },
      );
      expect(readFileSync(out, 'utf8')).toBe(render({ registry: 'registry.example.com/luggage', tag: TAG }));
      const images = new Set(JSON.stringify(JSON.parse(readFileSync(out, 'utf8'))).match(/"image":"[^"]*"/g));
      expect([...images]).toEqual(
        ['microsites', 'microsites-redis', 'microsites-proxy'].map(
          (name) => `"image":"registry.example.com/luggage/${name}:${TAG}"`,
        ),
      );
      // A mistyped flag or tag stops the render, naming it.
      expect(() =>
        execFileSync('npx', ['tsx', 'deploy/k8s/manifests.mts', '--tag', 'latest', '--out', out], {
          stdio: 'pipe',
          encoding: 'utf8',
        }),
      ).toThrow(/--tag: a build's tag \(b-<build id>, deploy\/images.ts\), not "latest"/);
      expect(() =>
        execFileSync('npx', ['tsx', 'deploy/k8s/manifests.mts', '--tags', TAG], { stdio: 'pipe', encoding: 'utf8' }),
      ).toThrow(/Unknown option '--tags'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("name every image by its build's tag, pulled only when the node lacks it: no moving tag anywhere", () => {
    const containers = objects.flatMap(
      (object) =>
        [
          ...(object.spec?.template?.spec?.initContainers ?? []),
          ...(object.spec?.template?.spec?.containers ?? []),
        ] as Json[],
    );
    expect(containers.length).toBeGreaterThanOrEqual(5);
    for (const item of containers) {
      expect(item.image, item.name).toMatch(new RegExp(`^localhost/microsites(-proxy|-redis)?:${TAG}$`));
      expect(item.imagePullPolicy, item.name).toBe('IfNotPresent');
    }
    expect(JSON.stringify(objects)).not.toMatch(/:latest\b/);
  });

  it('listen, probe and serve on the port the server is given, on an address it accepts', () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: CONTAINER_PORT }]);
    const listen = parseListenEnv({ PORT: env.PORT.value, HOSTNAME: env.HOSTNAME.value });
    expect(listen).toEqual({ port: CONTAINER_PORT, hostname: '0.0.0.0' });
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'])
      expect(container[probe].httpGet, probe).toEqual({ path: HEALTH_PATH, port: 'http' });
    expect(readFileSync(`pages${HEALTH_PATH}.ts`, 'utf8')).toContain('200');
    expect(find('Service').spec.ports[0].targetPort).toBe('http');
  });

  it('pass only variables the server reads, with values it accepts (secrets from the secret store)', () => {
    const read = new Set(variablesOf(serverEnvSchema));
    // PORT and HOSTNAME are read where the server starts, NODE_OPTIONS by Node itself.
    // REDIS_PASSWORD only goes into REDIS_URL.
    for (const name of Object.keys(env))
      expect(read.has(name) || ['PORT', 'HOSTNAME', 'NODE_OPTIONS', 'REDIS_PASSWORD'].includes(name), name).toBe(true);
    const secrets = { REDIS_PASSWORD: 'ab12', REVALIDATE_SECRET: 'x'.repeat(32) };
    const values = Object.fromEntries(
      Object.entries(env).map(([name, entry]) => [
        name,
        expandVariables(entry.value ?? secrets[name as keyof typeof secrets], secrets),
      ]),
    );
    const server = parseServerEnv(values);
    expect(server).toMatchObject({ behindProxy: true, trustProxyHops: 1, redisUrl: `redis://:ab12@${APP}-redis:6379` });
    expect(env.REVALIDATE_SECRET.valueFrom.secretKeyRef).toEqual({ name: 'microsites', key: 'REVALIDATE_SECRET' });
    // The shared cache's password from the Secret Redis reads too, listed before the URL that names it.
    expect(env.REDIS_PASSWORD.valueFrom.secretKeyRef).toEqual({ name: REDIS_SECRET, key: 'password' });
    const names = (container.env as Json[]).map((entry) => entry.name);
    expect(names.indexOf('REDIS_PASSWORD')).toBeLessThan(names.indexOf('REDIS_URL'));
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
    const selector = deployment.spec.selector.matchLabels;
    expect(labels).toMatchObject(selector);
    expect(find('Service').spec.selector).toEqual(selector);
    expect(find('PodDisruptionBudget').spec.selector.matchLabels).toEqual(selector);
    expect(find('HorizontalPodAutoscaler').spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: APP,
    });
    expect(find('HorizontalPodAutoscaler').spec.minReplicas).toBeGreaterThan(
      find('PodDisruptionBudget').spec.minAvailable,
    );
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    const redis = find('StatefulSet', `${APP}-redis`);
    expect(redis.spec.template.metadata.labels).toMatchObject(find('Service', `${APP}-redis`).spec.selector);
    expect(find('Service', `${APP}-redis`).spec.selector).toEqual(redis.spec.selector.matchLabels);
    expect(redis.spec.template.spec.containers[0].args).toEqual(
      expect.arrayContaining(['--maxmemory-policy', 'allkeys-lru']),
    );
  });
});

describe('Datadog tags (issue 38)', () => {
  it('tag every pod and workload with its service and the env the ops monitors scope their metrics to, in no selector', () => {
    const staging = manifests({ tag: TAG, env: 'staging' }).map((object) => object.toJSON() as Json);
    const workloads = staging.filter((object) => ['Deployment', 'StatefulSet'].includes(object.kind));
    expect(workloads.map((object) => object.metadata.name).sort()).toEqual([APP, `${APP}-redis`, PROXY].sort());
    for (const workload of workloads) {
      for (const labels of [workload.metadata.labels, workload.spec.template.metadata.labels]) {
        expect(labels['tags.datadoghq.com/env'], workload.metadata.name).toBe('staging');
        expect(labels['tags.datadoghq.com/service'], workload.metadata.name).toMatch(
          new RegExp(`^${APP}-(server|redis|proxy)$`),
        );
      }
      expect(
        Object.keys(workload.spec.selector.matchLabels).some((key) => key.startsWith('tags.datadoghq.com/')),
        workload.metadata.name,
      ).toBe(false);
    }
    expect(
      staging.find((object) => object.kind === 'HorizontalPodAutoscaler')!.metadata.labels['tags.datadoghq.com/env'],
    ).toBe('staging');
    expect(() => manifests({ tag: TAG, env: 'prod uction' })).toThrow(/--env: letters, digits/);
  });
});

describe("the proxy's pods", () => {
  const proxy = find('StatefulSet', PROXY);
  const spec = proxy.spec.template.spec;
  const init = (spec.initContainers as Json[])[0]!;
  const byName = (name: string) => (spec.containers as Json[]).find((item) => item.name === name)!;
  const [nginx, purger] = [byName('nginx'), byName('purger')];
  const template = readFileSync('deploy/nginx.conf.template', 'utf8');
  const mountOf = (item: Json, volume: string) =>
    (item.volumeMounts as Json[]).find((mount) => mount.name === volume)?.mountPath;

  it('run nginx on the configuration the init container writes from the template, with the mounts it names', () => {
    expect(init.command).toEqual(['node', 'proxy-files.js', PROXY_RUN, PROXY_CACHE]);
    expect(nginx.args).toEqual(['nginx', '-c', `${PROXY_RUN}/nginx.conf`, '-g', 'daemon off;']);
    for (const item of [init, nginx]) expect(mountOf(item, 'run'), item.name).toBe(PROXY_RUN);
    for (const item of [init, nginx, purger]) expect(mountOf(item, 'cache'), item.name).toBe(PROXY_CACHE);
    // The template reads its certificates under {{RUN}}/tls (the tests of the certificates below).
    expect(template).toContain('ssl_certificate {{RUN}}/tls/${certificate_dir}cert.pem;');
    expect(mountOf(nginx, 'tls')).toBe(`${PROXY_RUN}/tls`);
  });

  it("listen where the services send traffic and report the proxy's own health", () => {
    expect(nginx.ports).toEqual([
      { name: 'https', containerPort: POD_PORTS.https },
      { name: 'http', containerPort: POD_PORTS.http },
    ]);
    expect(template).toMatch(/listen \{\{HTTPS_PORT\}\} ssl;\n[^\n]*\n    http2 on;/);
    expect(template).toMatch(/listen \{\{HTTP_PORT\}\};[\s\S]*location = \/api\/proxy-health/);
    for (const probe of ['readinessProbe', 'livenessProbe'])
      expect(nginx[probe].httpGet, probe).toEqual({ path: '/api/proxy-health', port: 'http' });
    expect(find('Service', `${PROXY}-public`).spec.ports.map((port: Json) => port.targetPort)).toEqual([
      'https',
      'http',
    ]);
    // The upstream is the instances' Service.
    expect(init.env).toContainEqual({ name: 'PROXY_UPSTREAM', value: `${APP}:${SERVICE_PORT}` });
    expect(find('Service').spec.ports[0].port).toBe(SERVICE_PORT);
  });

  it('redirect plain http to the https port the load balancer exposes, not the pod’s (issue 37 item 1)', () => {
    const https = (find('Service', `${PROXY}-public`).spec.ports as Json[]).find((port) => port.name === 'https')!.port;
    expect(https).toBe(443);
    const podEnv = initEnv(init);
    const redirect = (env: NodeJS.ProcessEnv) => /location \/ \{\n\s*return 301 (\S+);/.exec(writtenConf(env))?.[1];
    // The init container's own environment, as the pod runs it.
    expect(redirect(podEnv)).toBe('https://$host$request_uri');
    // On one machine nginx listens where visitors arrive (deploy/local.ts), and says so.
    expect(redirect({ ...podEnv, DEPLOY_HTTPS_PORT: '8443', PROXY_PUBLIC_HTTPS_PORT: '8443' })).toBe(
      'https://$host:8443$request_uri',
    );
    expect(redirect({ ...podEnv, PROXY_PUBLIC_HTTPS_PORT: undefined })).toBe(
      `https://$host:${POD_PORTS.https}$request_uri`,
    );
    expect(() => writtenConf({ ...podEnv, PROXY_PUBLIC_HTTPS_PORT: '443x' })).toThrow(
      /PROXY_PUBLIC_HTTPS_PORT must be a port number, got 443x/,
    );
  });

  it("purge every proxy pod's cache: the instances name each pod, the purger deletes where nginx keeps its pages", () => {
    const urls = env.PROXY_PURGE_URL.value.split(',');
    expect(urls).toEqual(
      Array.from(
        { length: PROXY_REPLICAS },
        (_, index) => `http://${PROXY}-${index}.${PROXY}:${POD_PORTS.purge}/purge`,
      ),
    );
    expect(proxy.spec.replicas).toBe(PROXY_REPLICAS);
    expect(find('Service', PROXY).spec).toMatchObject({
      clusterIP: 'None',
      ports: [{ port: POD_PORTS.purge, targetPort: 'purge' }],
    });
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
    expect(purge.podSelector.matchLabels).toEqual(proxy.spec.selector.matchLabels);
    expect(purge.ingress).toContainEqual({
      from: [{ podSelector: { matchLabels: deployment.spec.selector.matchLabels } }],
      ports: [{ port: 'purge' }],
    });
    expect(purge.ingress.filter((rule: Json) => rule.ports.some((port: Json) => port.port === 'purge'))).toHaveLength(
      1,
    );
    const instances = find('NetworkPolicy', `${APP}-from-proxy`).spec;
    expect(instances.ingress).toEqual([
      { from: [{ podSelector: { matchLabels: proxy.spec.selector.matchLabels } }], ports: [{ port: 'http' }] },
    ]);
  });

  it('stop gracefully after leaving the load balancer, within the grace period', () => {
    expect(nginx.lifecycle.preStop.exec.command.join(' ')).toMatch(
      new RegExp(`^sh -c sleep ${PRESTOP_SECONDS}; nginx -c ${PROXY_RUN}/nginx.conf -s quit;`),
    );
    expect(spec.terminationGracePeriodSeconds).toBe(GRACE_SECONDS);
  });
});

/**
 * The "restricted" Pod Security Standard (baseline's controls and restricted's own), as the
 * Kubernetes documentation lists them (https://kubernetes.io/docs/concepts/security/pod-security-standards/),
 * applied to one pod spec: what a namespace labelled pod-security.kubernetes.io/enforce=restricted
 * admits. Each problem names the field.
 */
function restrictedProblems(pod: Json): string[] {
  const problems: string[] = [];
  const containers = [
    ...(pod.initContainers ?? []),
    ...(pod.containers ?? []),
    ...(pod.ephemeralContainers ?? []),
  ] as Json[];
  const safeSysctls = [
    'kernel.shm_rmid_forced',
    'net.ipv4.ip_local_port_range',
    'net.ipv4.ip_unprivileged_port_start',
    'net.ipv4.tcp_syncookies',
    'net.ipv4.ping_group_range',
    'net.ipv4.ip_local_reserved_ports',
    'net.ipv4.tcp_keepalive_time',
    'net.ipv4.tcp_fin_timeout',
    'net.ipv4.tcp_keepalive_intvl',
    'net.ipv4.tcp_keepalive_probes',
  ];
  const baselineCapabilities = [
    'AUDIT_WRITE',
    'CHOWN',
    'DAC_OVERRIDE',
    'FOWNER',
    'FSETID',
    'KILL',
    'MKNOD',
    'NET_BIND_SERVICE',
    'SETFCAP',
    'SETGID',
    'SETPCAP',
    'SETUID',
    'SYS_CHROOT',
  ];
  const volumeTypes = [
    'configMap',
    'csi',
    'downwardAPI',
    'emptyDir',
    'ephemeral',
    'persistentVolumeClaim',
    'projected',
    'secret',
  ];
  const seLinuxTypes = [undefined, '', 'container_t', 'container_init_t', 'container_kvm_t', 'container_engine_t'];
  const podContext = pod.securityContext ?? {};
  for (const field of ['hostNetwork', 'hostPID', 'hostIPC']) if (pod[field]) problems.push(`spec.${field}`);
  if (podContext.windowsOptions?.hostProcess) problems.push('spec.securityContext.windowsOptions.hostProcess');
  if (podContext.runAsUser === 0) problems.push('spec.securityContext.runAsUser');
  if (podContext.seccompProfile?.type === 'Unconfined') problems.push('spec.securityContext.seccompProfile');
  if (podContext.appArmorProfile?.type === 'Unconfined') problems.push('spec.securityContext.appArmorProfile');
  if (
    !seLinuxTypes.includes(podContext.seLinuxOptions?.type) ||
    podContext.seLinuxOptions?.user ||
    podContext.seLinuxOptions?.role
  )
    problems.push('spec.securityContext.seLinuxOptions');
  for (const sysctl of podContext.sysctls ?? [])
    if (!safeSysctls.includes(sysctl.name)) problems.push(`spec.securityContext.sysctls ${sysctl.name}`);
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!volumeTypes.includes(type!)) problems.push(`spec.volumes ${volume.name}: ${type}`);
  }
  for (const container of containers) {
    const context = container.securityContext ?? {};
    const at = `${container.name}.securityContext`;
    if (context.privileged) problems.push(`${at}.privileged`);
    if (context.windowsOptions?.hostProcess) problems.push(`${at}.windowsOptions.hostProcess`);
    if ((container.ports ?? []).some((port: Json) => port.hostPort)) problems.push(`${container.name}.ports hostPort`);
    if (context.procMount !== undefined && context.procMount !== 'Default') problems.push(`${at}.procMount`);
    if (context.appArmorProfile?.type === 'Unconfined') problems.push(`${at}.appArmorProfile`);
    if (
      !seLinuxTypes.includes(context.seLinuxOptions?.type) ||
      context.seLinuxOptions?.user ||
      context.seLinuxOptions?.role
    )
      problems.push(`${at}.seLinuxOptions`);
    const added = (context.capabilities?.add ?? []) as string[];
    if (added.some((capability) => !baselineCapabilities.includes(capability)))
      problems.push(`${at}.capabilities.add (baseline)`);
    // Restricted's own controls.
    if (context.allowPrivilegeEscalation !== false) problems.push(`${at}.allowPrivilegeEscalation`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}.capabilities.drop`);
    if (added.some((capability) => capability !== 'NET_BIND_SERVICE')) problems.push(`${at}.capabilities.add`);
    if (context.runAsNonRoot === false || (context.runAsNonRoot !== true && podContext.runAsNonRoot !== true))
      problems.push(`${at}.runAsNonRoot`);
    if (context.runAsUser === 0) problems.push(`${at}.runAsUser`);
    const seccomp = context.seccompProfile?.type ?? podContext.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') problems.push(`${at}.seccompProfile`);
    // Not the standard's, this project's: nothing written outside a volume.
    if (context.readOnlyRootFilesystem !== true) problems.push(`${at}.readOnlyRootFilesystem`);
  }
  return problems;
}

const podSpecs = objects
  .filter((object) => object.spec?.template?.spec)
  .map((object) => [`${object.kind} ${object.metadata.name}`, object.spec.template.spec as Json] as const);

describe('the pods, under the "restricted" Pod Security Standard (issue 37 item 4)', () => {
  it('are three, and each is admitted', () => {
    expect(podSpecs.map(([name]) => name)).toEqual([
      `Deployment ${APP}`,
      `StatefulSet ${APP}-redis`,
      `StatefulSet ${PROXY}`,
    ]);
    for (const [name, spec] of podSpecs) expect(restrictedProblems(spec), name).toEqual([]);
  });

  // The check is real: each of these is refused, and named.
  const changed = (change: (spec: Json) => void) => {
    const spec = structuredClone(podSpecs[0]![1]) as Json;
    change(spec);
    return restrictedProblems(spec);
  };
  it.each([
    [
      'no seccomp profile',
      (spec: Json) => {
        delete spec.securityContext.seccompProfile;
        delete spec.containers[0].securityContext.seccompProfile;
      },
      'server.securityContext.seccompProfile',
    ],
    [
      'an unconfined one',
      (spec: Json) => (spec.containers[0].securityContext.seccompProfile = { type: 'Unconfined' }),
      'server.securityContext.seccompProfile',
    ],
    ['root allowed', (spec: Json) => delete spec.securityContext.runAsNonRoot, 'server.securityContext.runAsNonRoot'],
    [
      'escalation not refused',
      (spec: Json) => delete spec.containers[0].securityContext.allowPrivilegeEscalation,
      'server.securityContext.allowPrivilegeEscalation',
    ],
    [
      'a capability added',
      (spec: Json) => (spec.containers[0].securityContext.capabilities.add = ['NET_RAW']),
      'server.securityContext.capabilities.add',
    ],
    [
      'a host folder',
      (spec: Json) => spec.volumes.push({ name: 'host', hostPath: { path: '/' } }),
      'spec.volumes host: hostPath',
    ],
    ["the host's network", (spec: Json) => (spec.hostNetwork = true), 'spec.hostNetwork'],
    [
      'a writable root',
      (spec: Json) => delete spec.containers[0].securityContext.readOnlyRootFilesystem,
      'server.securityContext.readOnlyRootFilesystem',
    ],
  ])('%s is refused', (_, change, problem) => expect(changed(change)).toContain(problem));

  it('give every folder a container writes a volume: the instance its temporary files and Next’s cache', () => {
    const spec = podSpecs[0]![1];
    const mounts = (spec.containers[0].volumeMounts as Json[]).map((mount) => mount.mountPath);
    expect(mounts).toEqual(['/tmp', '/app/.next/cache']);
    for (const volume of spec.volumes as Json[]) expect(volume.emptyDir.sizeLimit, volume.name).toMatch(/^\d+Mi$/);
  });
});

describe('replicas, spread and the shared cache (issue 37 item 4)', () => {
  it('leave the instance count to the autoscaler and spread instances and proxies over nodes and zones', () => {
    expect(deployment.spec.replicas).toBeUndefined();
    const proxy = find('StatefulSet', PROXY).spec.template;
    for (const template of [deployment.spec.template, proxy]) {
      expect(template.spec.topologySpreadConstraints.map((constraint: Json) => constraint.topologyKey)).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
      for (const constraint of template.spec.topologySpreadConstraints)
        expect(template.metadata.labels).toMatchObject(constraint.labelSelector.matchLabels);
    }
  });

  it('keep Redis behind a password from its Secret, never on a command line, with room above maxmemory', () => {
    const redis = find('StatefulSet', `${APP}-redis`).spec.template.spec;
    const server = (redis.containers as Json[])[0]!;
    expect(server.env).toEqual([
      { name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: REDIS_SECRET, key: 'password' } } },
      { name: 'REDISCLI_AUTH', valueFrom: { secretKeyRef: { name: REDIS_SECRET, key: 'password' } } },
    ]);
    expect(server.command.join(' ')).toContain('requirepass');
    expect(server.command.join(' ')).toContain('exec redis-server /tmp/redis.conf');
    expect(server.args).not.toContain('--protected-mode');
    expect(server.args).toEqual(expect.arrayContaining(['--maxmemory', `${REDIS_MAXMEMORY_MIB}mb`]));
    expect(server.resources.limits.memory).toBe(`${REDIS_MEMORY_LIMIT_MIB}Mi`);
    expect(REDIS_MAXMEMORY_MIB).toBeLessThanOrEqual(0.7 * REDIS_MEMORY_LIMIT_MIB);
    expect(redis.volumes).toEqual([{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '1Mi' } }]);
    const budget = find('PodDisruptionBudget', `${APP}-redis`).spec;
    expect(budget.selector.matchLabels).toEqual(find('StatefulSet', `${APP}-redis`).spec.selector.matchLabels);
    expect(find('NetworkPolicy', `${APP}-redis-from-instances`).spec.ingress).toEqual([
      { from: [{ podSelector: { matchLabels: deployment.spec.selector.matchLabels } }], ports: [{ port: 'redis' }] },
    ]);
  });

  it("trust the proxy's headers from the pod network `npm run k8s:render` is given", () => {
    expect(env.TRUSTED_PROXIES.value).toBe('10.0.0.0/8');
    const other = manifests({ tag: TAG, podNetwork: '172.16.0.0/12' }).map((object) => object.toJSON() as Json);
    const server = other.find((object) => object.kind === 'Deployment')!.spec.template.spec.containers[0];
    expect(server.env).toContainEqual({ name: 'TRUSTED_PROXIES', value: '172.16.0.0/12' });
  });
});

describe('a certificate for every tenant host (issue 37 item 1)', () => {
  const certificates = objects.filter((object) => object.kind === 'Certificate');
  const issuer = find('Issuer', `${APP}-acme`);
  const proxy = find('StatefulSet', PROXY).spec.template.spec;

  it('one per host of tenants/domains.json, each within the CA’s name limit, from the ACME issuer by HTTP-01', () => {
    expect(certificates.flatMap((certificate) => certificate.spec.dnsNames).sort()).toEqual(
      DOMAIN_ENTRIES.map(({ domain }) => domain).sort(),
    );
    for (const certificate of certificates) {
      expect(certificate.spec.dnsNames.length).toBeLessThanOrEqual(ACME_NAME_LIMIT);
      expect(certificate.spec.secretName).toBe(hostTlsSecret(certificate.spec.dnsNames[0]));
      expect(certificate.spec.issuerRef).toEqual({ kind: 'Issuer', name: issuer.metadata.name });
    }
    expect(issuer.spec.acme.server).toBe(LETS_ENCRYPT);
    expect(issuer.spec.acme.solvers).toHaveLength(1);
    expect(Object.keys(issuer.spec.acme.solvers[0])).toEqual(['http01']);
  });

  it("mount each host's Secret where nginx looks for the name the browser asks for, the default one for any other", () => {
    const sources = proxy.volumes.find((volume: Json) => volume.name === 'tls').projected.sources as Json[];
    expect(sources[0]).toEqual({
      secret: {
        name: TLS_SECRET,
        items: [
          { key: 'tls.crt', path: 'cert.pem' },
          { key: 'tls.key', path: 'key.pem' },
        ],
      },
    });
    const conf = writtenConf(initEnv(proxy.initContainers[0]), resolvConf());
    expect(conf).toMatch(/ssl_certificate \S+\/run\/tls\/\$\{certificate_dir\}cert\.pem;/);
    expect(conf).toMatch(/ssl_certificate_key \S+\/run\/tls\/\$\{certificate_dir\}key\.pem;/);
    // Each tenant host by its own name, where the pod mounts its Secret; optional, so that a host
    // whose certificate is not issued yet keeps no pod from starting.
    const certificateDir = nginxMap(conf, '$ssl_server_name', 'certificate_dir');
    for (const [index, { domain }] of DOMAIN_ENTRIES.entries()) {
      expect(certificateDir(domain)).toBe(`${hostCertificateDir(domain)}/`);
      expect(sources[index + 1]).toEqual({
        secret: {
          name: hostTlsSecret(domain),
          optional: true,
          items: [
            { key: 'tls.crt', path: `${hostCertificateDir(domain)}/cert.pem` },
            { key: 'tls.key', path: `${hostCertificateDir(domain)}/key.pem` },
          ],
        },
      });
    }
    // A host new to the map needs no new configuration: its name finds its folder.
    expect(certificateDir('new-host-bagberth.example')).toBe('hosts/new-host-bagberth.example/');
    // The default one for previews, localhost and no name; and no name that is not a plain host name becomes a path.
    for (const name of [
      '',
      'localhost',
      'london-bagberth.co.uk.localhost',
      '../../etc',
      'a..b',
      'bad/name.example',
      'single',
    ])
      expect(certificateDir(name), name).toBe('');
  });

  it("pass the CA's challenges on plain http to the solver pods, asking each until one knows the token", () => {
    const solvers = find('Service', `${APP}-acme-solver`).spec;
    expect(solvers.selector).toEqual(issuer.spec.acme.solvers[0].http01.ingress.podTemplate.metadata.labels);
    expect(solvers.clusterIP).toBe('None');
    const initEnv = Object.fromEntries((proxy.initContainers[0].env as Json[]).map((entry) => [entry.name, entry]));
    expect(initEnv.POD_NAMESPACE.valueFrom).toEqual({ fieldRef: { fieldPath: 'metadata.namespace' } });
    const solver = expandVariables(initEnv.PROXY_ACME_SOLVER.value, { POD_NAMESPACE: 'shop' });
    expect(solver).toBe(`${APP}-acme-solver.shop.svc.cluster.local:${solvers.ports[0].port}`);
    const conf = writtenConf(
      { PROXY_UPSTREAM: 'microsites:80', PROXY_ACME_SOLVER: solver } as unknown as NodeJS.ProcessEnv,
      resolvConf('nameserver 10.96.0.10\n'),
    );
    const location = /location \^~ \/\.well-known\/acme-challenge\/ \{\n([\s\S]*?)\n    \}/.exec(conf)?.[1];
    expect(location).toContain('resolver 10.96.0.10 valid=5s ipv6=off;');
    expect(location).toContain(`set $acme_solver ${solver};`);
    expect(location).toContain('proxy_next_upstream error timeout http_404;');
    // Before the redirect: the challenge is answered on http, everything else goes to https.
    expect(conf.indexOf('location ^~ /.well-known/acme-challenge/')).toBeLessThan(conf.indexOf('return 301 https://'));
    // Without a solver, the files an ACME client on the machine writes (deploy/acme.ts).
    expect(writtenConf({ PROXY_UPSTREAM: 'microsites:80' } as unknown as NodeJS.ProcessEnv)).toMatch(
      /location \^~ \/\.well-known\/acme-challenge\/ \{\n      root \S+\/proxy\/acme;/,
    );
    expect(() =>
      writtenConf(
        { PROXY_UPSTREAM: 'microsites:80', PROXY_ACME_SOLVER: solver } as unknown as NodeJS.ProcessEnv,
        resolvConf('search local\n'),
      ),
    ).toThrow(/names no DNS server/);
  });
});

describe("the visitor's own address (issue 37 item 3)", () => {
  it('reaches nginx: the load balancer keeps it, and sends only to nodes with a proxy', () => {
    expect(find('Service', `${PROXY}-public`).spec.externalTrafficPolicy).toBe('Local');
  });

  it('is taken from X-Forwarded-For only where a trusted forwarder sent it (PROXY_TRUSTED_FORWARDERS), for limits, country and logs alike', () => {
    const conf = writtenConf({
      PROXY_UPSTREAM: 'microsites:80',
      PROXY_TRUSTED_FORWARDERS: '10.1.0.0/16, 192.0.2.7',
    } as unknown as NodeJS.ProcessEnv);
    expect(conf).toContain(
      '  set_real_ip_from 10.1.0.0/16;\n  set_real_ip_from 192.0.2.7/32;\n  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;\n',
    );
    // One mechanism: the country lookup reads the same address, with no list of its own.
    expect(conf).not.toContain('geoip_proxy');
    expect(conf).toContain('limit_req_zone $consent_client zone=consent');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});

/** The proxy's init container's environment as a pod in the namespace `shop` gets it. */
const initEnv = (init: Json): NodeJS.ProcessEnv =>
  Object.fromEntries(
    (init.env as Json[])
      .filter((entry) => entry.value !== undefined)
      .map((entry) => [entry.name, expandVariables(entry.value, { POD_NAMESPACE: 'shop' })]),
  ) as NodeJS.ProcessEnv;

/** A resolv.conf with `text`, for the init container's DNS server. */
function resolvConf(text = 'nameserver 10.96.0.10\n'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'resolv-')), 'resolv.conf');
  writeFileSync(file, text);
  return file;
}
