// Issue 35 (docs/deploy.md, "Images"): the images are built here, from Debian's packages and this
// test run's build (`npm run images -- --from-build`, deploy/images.ts), and run under podman. The
// site's image serves a tenant's page as the build does, names the build's version in its logs and
// scripts, holds no source map, and runs as the user the manifests ask for; so do the proxy's and
// Redis's images.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { askLoopback } from '../../deploy/loopback';
import { buildImages, builtRelease, podman, type ImageRefs } from '../../deploy/images';
import { CONTAINER_SITE_PORT, E2E_SERVER_ENV, SITE_PORT } from './support/collectorConfig';

interface Manifests {
  items: Array<{ kind: string; metadata: { name: string }; spec: { template: { spec: { securityContext: { runAsUser: number }; containers: Array<{ name: string; image: string; ports: Array<{ containerPort: number }>; args?: string[]; command?: string[] }> } } } }>;
}
const manifests = JSON.parse(readFileSync('deploy/k8s/microsites.json', 'utf8')) as Manifests;
const podOf = (kind: string, name: string) => manifests.items.find((item) => item.kind === kind && item.metadata.name === name)!.spec.template.spec;

const HOST = 'kingscross-bagberth.co.uk';
const NAME = 'microsites-container-test';
let images: ImageRefs;

interface ImageConfig {
  User: string;
  Cmd: string[];
  Entrypoint?: string[];
  ExposedPorts: Record<string, unknown>;
  Labels: Record<string, string>;
}
const configOf = (ref: string): ImageConfig => (JSON.parse(podman('image', 'inspect', ref)) as Array<{ Config: ImageConfig }>)[0]!.Config;
const inImage = (ref: string, script: string) => execFileSync('podman', ['run', '--rm', '--network', 'none', '--entrypoint', 'sh', ref, '-c', script], { encoding: 'utf8' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The first build of a machine installs its packages into the layers (about a minute); later ones reuse them.
  test.setTimeout(600_000);
  images = buildImages();
  spawnSync('podman', ['rm', '--force', NAME], { stdio: 'ignore' });
});

test.afterAll(() => {
  spawnSync('podman', ['rm', '--force', NAME], { stdio: 'ignore' });
});

test("podman run of the site's image serves a tenant's page as the build does, with the build's version in its logs and scripts", async () => {
  test.setTimeout(90_000);
  const env = Object.entries({ ...E2E_SERVER_ENV, PORT: String(CONTAINER_SITE_PORT), HOSTNAME: '127.0.0.1' }).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  podman('run', '--detach', '--name', NAME, '--network', 'host', ...env, images.site);
  await expect.poll(async () => (await askLoopback(`http://127.0.0.1:${CONTAINER_SITE_PORT}/api/health`).catch(() => ({ status: 0 }))).status, { timeout: 60_000 }).toBe(200);

  const title = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  const [fromImage, fromBuild] = await Promise.all(
    [CONTAINER_SITE_PORT, SITE_PORT].map((port) => askLoopback(`http://${HOST}.localhost:${port}/`, { headers: { 'accept-language': 'en' } })),
  );
  expect(fromImage!.status).toBe(200);
  expect(title(fromImage!.body.toString()), 'the tenant page of the same build').toBe(title(fromBuild!.body.toString()));
  expect(title(fromImage!.body.toString())).toContain('King&#x27;s Cross Station');

  const { version } = builtRelease();
  expect(version, 'the e2e build names a version').not.toBe('dev');
  // The server's own log lines (JSON) carry it, as RUM does in the browser.
  const logs = podman('logs', NAME);
  expect(logs).toContain(`"version":"${version}"`);
  // The page's monitoring configuration is in a script it loads: one the page names (it loads them
  // after the first paint), or one those name, which loads once monitoring is allowed (import()).
  const chunksIn = (text: string) => [...new Set([...text.matchAll(/"\/?(?:_next\/)?(static\/chunks\/[\w-]+\.js)"/g)].map((match) => `/_next/${match[1]}`))];
  const fetchScript = async (src: string) => (await askLoopback(`http://${HOST}.localhost:${CONTAINER_SITE_PORT}${src}`)).body.toString();
  const first = chunksIn(fromImage!.body.toString());
  expect(first.length, 'scripts the page names').toBeGreaterThan(0);
  const firstBodies = await Promise.all(first.map(fetchScript));
  const later = chunksIn(firstBodies.join('\n')).filter((src) => !first.includes(src));
  const bodies = [...firstBodies, ...(await Promise.all(later.map(fetchScript)))];
  const configs = bodies.filter((body) => body.includes(`NEXT_PUBLIC_COMMIT_SHA:${JSON.stringify(version)}`));
  expect(configs.length, "scripts whose monitoring configuration names the build's version").toBeGreaterThan(0);
});

test("the site's image: Debian's Node.js, the build without its source maps, as uid 1000 on the manifests' port, labelled with its version", () => {
  const config = configOf(images.site);
  expect(config.User).toBe('1000:1000');
  const instance = podOf('Deployment', 'microsites');
  expect(instance.securityContext.runAsUser).toBe(1000);
  expect(Object.keys(config.ExposedPorts)).toEqual([`${instance.containers[0]!.ports[0]!.containerPort}/tcp`]);
  expect(config.Cmd).toEqual(['node', 'server.js']);
  expect(config.Labels['org.opencontainers.image.version']).toBe(builtRelease().version);
  const facts = inImage(images.site, 'node --version; cat /etc/debian_version; cat .next/BUILD_ID; echo; find .next/static public -name "*.map" | wc -l; ls proxy-files.js purger.js nginx.conf.template');
  const [node, debian, buildId, maps, ...files] = facts.trim().split('\n');
  expect(node).toMatch(/^v20\.(19|[2-9]\d)\./);
  expect(debian).toMatch(/^13\./);
  expect(buildId).toBe(builtRelease().buildId);
  expect(maps, 'source maps among the files the site serves').toBe('0');
  expect(files).toEqual(['nginx.conf.template', 'proxy-files.js', 'purger.js']);
});

test("the proxy's image is Debian's nginx with the brotli modules the template loads, run as the pods' user with the manifests' command", () => {
  const config = configOf(images.proxy);
  const pod = podOf('StatefulSet', 'microsites-proxy');
  expect(config.User).toBe(`${pod.securityContext.runAsUser}:${pod.securityContext.runAsUser}`);
  const nginx = pod.containers.find((container) => container.name === 'nginx')!;
  expect(config.Cmd).toEqual(nginx.args);
  expect(Object.keys(config.ExposedPorts).sort()).toEqual(nginx.ports.map((port) => `${port.containerPort}/tcp`).sort());
  const listed = inImage(images.proxy, 'nginx -v 2>&1; ls /usr/lib/nginx/modules/');
  expect(listed).toMatch(/nginx\/1\.2[6-9]/);
  for (const file of ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so']) expect(listed).toContain(file);
});

test("Redis's image is Debian's redis-server as uid 999, the manifests' user", () => {
  const config = configOf(images.redis);
  const pod = podOf('StatefulSet', 'microsites-redis');
  expect(config.User).toBe(`${pod.securityContext.runAsUser}:${pod.securityContext.runAsUser}`);
  expect(config.Entrypoint).toEqual(['redis-server']);
  expect(inImage(images.redis, 'redis-server --version')).toMatch(/^Redis server v=8\./);
});
