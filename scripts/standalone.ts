// Last step of `npm run build`: completes .next/standalone/, the folder a deployment copies and runs
// with `node server.js` (docs/deploy.md). Next traces the node_modules and server files the pages
// need; this adds what it leaves to the deployer (static files, public/) and what the later build
// steps wrote, and puts the site's own server (server.ts, bundled) in place of Next's minimal one.
import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { builtEnvJson } from '../src/config/builtEnv';
import { SHARE_IMAGE_DIR } from '../src/seo/shareImageFiles';
import { SECURITY_HEADERS_FILE } from '../src/security/serverHeaders';

const root = resolve(__dirname, '..');
const standalone = join(root, '.next', 'standalone');

async function main() {
  if (!existsSync(join(standalone, '.next')))
    throw new Error('no .next/standalone: run `next build` with output: "standalone" first');
  for (const path of ['.next/static', 'public', SECURITY_HEADERS_FILE, SHARE_IMAGE_DIR]) {
    cpSync(join(root, path), join(standalone, path), { recursive: true });
  }
  const bundle = (entry: string, outfile: string) =>
    build({
      entryPoints: [join(root, entry)],
      outfile: join(standalone, outfile),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // Next (and React through it) comes from the traced node_modules beside it, the copy the pages use.
      external: ['next', 'next/*'],
      // As Next's own server.js: React and Next pick their production builds from the first require.
      banner: { js: "process.env.NODE_ENV = 'production';" },
      // The build's public settings, inlined as next.config.js inlines them into the pages: the server's
      // logs carry the same service, env and version (the commit) as the browser's RUM events.
      // serverEnv reads the Datadog site and client token by name, as the pages do.
      define: {
        'process.env.MICROSITES_BUILT_ENV': JSON.stringify(builtEnvJson()),
        ...Object.fromEntries(
          Object.entries(process.env)
            .filter(([name]) => name.startsWith('NEXT_PUBLIC_'))
            .map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)]),
        ),
      },
      logLevel: 'warning',
    });
  await bundle('server.ts', 'server.js');
  // A proxy pod runs these from the same image (docs/deploy.md, "Kubernetes"): its files, from the
  // proxy's template, and its purger.
  await bundle('deploy/proxy-files.ts', 'proxy-files.js');
  await bundle('deploy/purger.ts', 'purger.js');
  cpSync(join(root, 'deploy', 'nginx.conf.template'), join(standalone, 'nginx.conf.template'));
  console.log('Standalone server: .next/standalone/server.js (run it with HOSTNAME=0.0.0.0 or unset).');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
