// `npm run lint`: knip finds unused files, dependencies and exports. Next's pages/ and middleware,
// next.config.js, the package.json scripts, vitest, Playwright, ESLint, dependency-cruiser and
// remark configs are entries through knip's plugins; the rest are listed here.
import type { KnipConfig } from 'knip';

// Knip loads next.config.js as `next build` does, which would run the tenant and environment
// checks (4 s of the run, and their output): `npm test` runs them as steps of their own.
process.env.BUILD_INPUTS_CHECKED ??= '1';

const config: KnipConfig = {
  entry: [
    // Bundled as .next/standalone/server.js by scripts/standalone.ts.
    'server.ts',
    // Next loads it by path (next.config.js, cacheHandler).
    'cache-handler.mjs',
    // A plugin of scripts/stryker/*.json (docs/consent.md, mutation testing).
    'scripts/stryker/ignorers.mjs',
    // Started by path as child processes (bench/flood.mts, bench/hostile.mts, bench/refresh-wave.mts).
    'bench/flood-client.mjs',
    'bench/wave-client.mjs',
    // Run by hand with `npx tsx` (docs/performance.md).
    'bench/hydration-tasks.mts',
    'bench/screenshots.mts',
  ],
  project: ['**/*.{js,cjs,mjs,ts,cts,mts,tsx}'],
  // TypeScript's types for cache-handler.mjs: read by tsc for its importers, never imported by name.
  ignoreFiles: ['cache-handler.d.mts'],
  ignoreDependencies: [
    // Read by path (require.resolve(`@fontsource/${pkg}/700.css`)): scripts/generate-share-images.ts.
    /^@fontsource\//,
    // Lighthouse's own launcher (bench/lighthouse.mts), at the version Lighthouse brings.
    'chrome-launcher',
  ],
  // Commands of Debian packages on the machine (deploy/images.ts, ensureDebianPackages), not npm's.
  ignoreBinaries: ['apt-get', 'fc-list', 'flock', 'install', 'lego', 'mmdebstrap', 'openssl', 'podman'],
};

export default config;
