// Issue 24 item 7 (docs/deploy.md, "Kubernetes"): the container image takes from the build only
// what exists in it, runs it as a non-root user, and listens where the manifests send traffic. No
// Docker engine runs here, so the Dockerfile is read, against the build this test run serves.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The instances' container port, from the rendered manifests (tests/unit/deploy.kubernetes.test.ts keeps them in step with the code). */
const CONTAINER_PORT = (
  JSON.parse(readFileSync('deploy/k8s/microsites.json', 'utf8')) as { items: Array<{ kind: string; spec: { template?: { spec: { containers: Array<{ ports: Array<{ containerPort: number }> }> } } } }> }
).items.find((item) => item.kind === 'Deployment')!.spec.template!.spec.containers[0]!.ports[0]!.containerPort;

const dockerfile = readFileSync('Dockerfile', 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1)!;

test("the image's last stage copies only from the build stage, and only what the build made", () => {
  expect(stages).toHaveLength(2);
  expect(stages[0]).toMatch(/ AS build\n/);
  expect(stages[0]).toMatch(/^RUN npm ci$/m);
  expect(stages[0]).toMatch(/^RUN npm run build$/m);
  const copies = [...runtime.matchAll(/^COPY (.*)$/gm)].map((match) => match[1]!.split(/\s+/));
  expect(copies.length).toBeGreaterThan(0);
  for (const copy of copies) {
    expect(copy, copy.join(' ')).toContain('--from=build');
    const [source] = copy.filter((part) => !part.startsWith('--')).slice(-2);
    // /app is the checkout in the build stage (WORKDIR /app, COPY . .).
    const path = source!.replace(/^\/app\//, '');
    expect(path, 'the runtime takes the standalone output only').toBe('.next/standalone');
    expect(existsSync(path), path).toBe(true);
  }
  // What CMD runs is in it, with what it reads when it starts.
  expect(runtime).toMatch(/^CMD \["node", "server\.js"\]$/m);
  for (const file of ['server.js', '.next/required-server-files.json', '.next/security-headers.json', '.next/static', 'public']) expect(existsSync(`.next/standalone/${file}`), file).toBe(true);
  // What a proxy pod runs from the same image (deploy/k8s/manifests.mts): its files and its purger.
  for (const file of ['proxy-files.js', 'purger.js', 'nginx.conf.template']) expect(existsSync(`.next/standalone/${file}`), file).toBe(true);
});

test("the proxy's image is Debian's nginx with the brotli modules the template loads, run as the pods' user", () => {
  const proxy = readFileSync('deploy/proxy.Dockerfile', 'utf8');
  expect(proxy).toMatch(/^FROM debian:bookworm-slim$/m);
  expect(proxy).toMatch(/apt-get update/);
  for (const name of ['nginx-light', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static']) expect(proxy).toContain(` ${name}`);
  // www-data is uid 33 in Debian, the pods' runAsUser (the purger reads the cache files nginx writes).
  expect(proxy).toMatch(/^USER www-data$/m);
  const manifests = JSON.parse(readFileSync('deploy/k8s/microsites.json', 'utf8')) as { items: Array<{ kind: string; metadata: { name: string }; spec: { template: { spec: { securityContext: { runAsUser: number }; containers: Array<{ name: string; ports: Array<{ containerPort: number }>; args?: string[] }> } } } }> };
  const pod = manifests.items.find((item) => item.kind === 'StatefulSet' && item.metadata.name === 'microsites-proxy')!.spec.template.spec;
  expect(pod.securityContext.runAsUser).toBe(33);
  const nginx = pod.containers.find((container) => container.name === 'nginx')!;
  expect(proxy).toMatch(new RegExp(`^EXPOSE ${nginx.ports.map((port) => port.containerPort).join(' ')}$`, 'm'));
  expect(proxy).toContain(`CMD ${JSON.stringify(nginx.args).replace(/,/g, ', ')}`);
});

test('the image runs as a non-root user, listening on every interface on the manifests’ port', () => {
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/^COPY --from=build --chown=node:node /m);
  expect(runtime).toMatch(/^ENV .*\bHOSTNAME=0\.0\.0\.0\b/m);
  expect(runtime).toMatch(new RegExp(`^ENV .*\\bPORT=${CONTAINER_PORT}\\b`, 'm'));
  expect(runtime).toMatch(new RegExp(`^EXPOSE ${CONTAINER_PORT}$`, 'm'));
  expect(runtime).toMatch(/^ENV .*\bNODE_ENV=production\b/m);
  // The build's context leaves out what would make the image differ from a clean checkout's.
  const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
  for (const path of ['node_modules', '.next', 'deploy/.run']) expect(ignored, path).toContain(path);
});
