const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { PHASE_PRODUCTION_BUILD } = require('next/constants');
const { require: tsxRequire } = require('tsx/cjs/api');
const { i18n } = require('./next-i18next.config.js');

/**
 * `next build` (so `npm start` too) first runs the tenant check (`npm run tenants:check`) and the
 * environment check (`npm run env:check`), and stops with their messages: a broken map must never
 * build (a duplicate domain would serve another page), nor a deployment with a mistyped variable.
 * Build workers load this file again; they inherit the variable and skip the checks.
 */
function checkBeforeBuild() {
  if (process.env.BUILD_INPUTS_CHECKED) return;
  for (const [script, what] of [
    ['scripts/check-tenants.mts', 'the tenant files (tenants/*.json)'],
    ['scripts/check-env.ts', 'the environment variables'],
  ]) {
    const check = spawnSync(process.execPath, [require.resolve('tsx/cli'), script], {
      cwd: __dirname,
      stdio: 'inherit',
    });
    if (check.status !== 0) {
      console.error(`\nThe build stops here: fix ${what} as listed above.`);
      process.exit(1);
    }
  }
  process.env.BUILD_INPUTS_CHECKED = '1';
}

/**
 * The NEXT_PUBLIC_* settings parsed by their schemas (src/config/builtEnv.ts), as JSON for the
 * browser's copy of that module: the page gets the values and none of the parser.
 */
function builtEnvJson() {
  try {
    return tsxRequire('./src/config/builtEnv.ts', __filename).builtEnvJson();
  } catch (error) {
    // `next dev` runs no check first: say what is wrong, as the check would, without a stack.
    if (!(error instanceof Error) || error.name !== 'EnvError') throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** @type {(phase: string) => import('next').NextConfig} */
module.exports = (phase) => {
  if (phase === PHASE_PRODUCTION_BUILD) checkBeforeBuild();
  return {
    reactStrictMode: true,
    poweredByHeader: false,
    // Every page names the build id four times, in the bytes of its first round trip: 8 characters
    // (48 random bits, new each build) instead of Next's 21 (docs/performance.md).
    generateBuildId: () => randomBytes(6).toString('base64url'),
    // The deployable: .next/standalone/ with the traced node_modules, and server.ts bundled as its
    // server.js by scripts/standalone.ts (docs/deploy.md).
    output: 'standalone',
    // Next's own file cache, or Redis shared by every instance when REDIS_URL is set (docs/deploy.md).
    cacheHandler: require.resolve('./cache-handler.mjs'),
    // Read from disk when a page is regenerated, so the tracer cannot see them.
    outputFileTracingIncludes: { '/**': ['./locales/**/*', './next-i18next.config.js'] },
    // Picked up by a broad file read (share images); nothing the server needs.
    outputFileTracingExcludes: {
      '/**': [
        './bench/**',
        './tests/**',
        './deploy/.run/**',
        './.e2e-previous-build/**',
        './test-results/**',
        './playwright-report/**',
      ],
    },
    i18n,
    // The hero is the only optimised image: 112 px on a phone, 680 on a tablet, 420 on a desktop,
    // at 1-3× density, from 1200 px sources (src/landing/heroPicture.ts). Next's default 15 widths
    // went up to 3840 and cost the page's HTML bytes it needs to arrive in one round trip (docs/performance.md).
    images: { imageSizes: [128, 256, 384], deviceSizes: [640, 750, 1080, 1200] },
    compiler: {
      // No display names: component names in every class would cost about a kilobyte of first-load JS.
      styledComponents: { displayName: false, ssr: true },
      define: { 'process.env.MICROSITES_BUILT_ENV': builtEnvJson() },
    },
    turbopack: {
      resolveAlias: {
        // The browser gets a small lookup behind the same import: the server loads, checks and trims
        // the copy with next-i18next, and each page ships only the strings it renders (docs/architecture.md, "Render").
        'next-i18next/pages': { browser: './src/i18n/browserLookup.tsx' },
        // The browser reads the settings parsed above; the server parses them itself (docs/architecture.md, "Environment").
        '@/config/builtEnv': { browser: './src/config/builtEnv.browser.ts' },
      },
    },
    // For Datadog only: scripts/hide-source-maps.ts moves them out of what is served, and
    // `npm run ops:sourcemaps` uploads them (docs/ops.md, "Readable errors").
    productionBrowserSourceMaps: true,
    // `npm run typecheck` checks the whole project (tests too) before every build in `npm test`.
    typescript: { ignoreBuildErrors: true },
  };
};
