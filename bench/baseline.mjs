// The floors for Lighthouse on this machine, built with Turbopack from this repository's
// node_modules and served like the real site:
// - startBaseline: a one-page Next app (no i18n, styles, analytics or monitoring), issue 23's floor;
// - startSameStack: issue 42's same-stack baseline (bench/same-stack.mjs), static copies of the
//   served pages of the Lighthouse visitors on the site's stack, nothing else.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { documentModule, fetchSitePage, pageFacts, pageModule, SAME_STACK_PAGES } from './same-stack.mjs';
import { startServer } from './server.mjs';

const PAGE = `export default function Baseline() {
  return (
    <main>
      <h1>Luggage storage near King&apos;s Cross Station</h1>
      <p>Drop your bags at a trusted local shop or hotel close to King&apos;s Cross Station, then explore hands-free.</p>
    </main>
  );
}
export async function getStaticProps() {
  return { props: {} };
}
`;

/**
 * An app folder inside the repository (in the ignored bench/results), so that Turbopack, like the
 * real build, finds this repository's node_modules above the app: it will not follow a link to them.
 */
function appFolder(prefix) {
  mkdirSync('bench/results', { recursive: true });
  const dir = mkdtempSync(join(resolve('bench/results'), prefix));
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  return dir;
}

/** Builds the app in `dir` and serves it; resolves to a function that stops it and removes `dir`. */
async function buildAndServe(dir, port) {
  const build = spawnSync('npx', ['next', 'build', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`the baseline app in ${dir} did not build`);
  const stop = await startServer(port, dir);
  return () => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Builds the one-page baseline app in a temporary folder and serves it; resolves to a function that stops it. */
export async function startBaseline(port) {
  const dir = appFolder('baseline-');
  writeFileSync(join(dir, 'pages/index.js'), PAGE);
  // Its own, empty config: Next would otherwise find this repository's next.config.js above it.
  writeFileSync(join(dir, 'next.config.js'), 'module.exports = {};\n');
  return buildAndServe(dir, port);
}

/** A route's first-load JS, gzipped bytes, from a build's diagnostics (as bench/first-load-js.mjs reads them). */
function firstLoadJs(dir, route) {
  const stats = JSON.parse(readFileSync(join(dir, '.next/diagnostics/route-bundle-stats.json'), 'utf8'));
  const paths = stats.find((entry) => entry.route === route)?.firstLoadChunkPaths ?? [];
  return paths.reduce((sum, path) => sum + gzipSync(readFileSync(join(dir, path)), { level: 9 }).length, 0);
}

/**
 * Issue 42's same-stack baseline: generates its pages from the site served on `sitePort`
 * (bench/same-stack.mjs), builds and serves it on `port`, and prints how close each page is to
 * the site's. Resolves to the stop function, each visitor target's path on the baseline and the
 * app's folder. `sourceMaps` builds its browser source maps too (bench/cpu-by-package.mts), as
 * the site's build does.
 */
export async function startSameStack(port, sitePort, { sourceMaps = false } = {}) {
  const dir = appFolder('same-stack-');
  const langs = {};
  const sources = [];
  for (const page of SAME_STACK_PAGES) {
    const html = await fetchSitePage(sitePort, page.host, page.path);
    const generated = pageModule(html, `${page.target} (bench/same-stack.mjs)`);
    writeFileSync(join(dir, `pages/${page.file}.js`), generated.source);
    langs[page.path] = generated.lang;
    for (const src of generated.images) {
      const file = new URL(src, 'http://x').searchParams.get('url') ?? src;
      mkdirSync(dirname(join(dir, 'public', file)), { recursive: true });
      copyFileSync(join('public', file), join(dir, 'public', file));
    }
    sources.push({ page, html, generated });
  }
  copyFileSync('public/favicon.svg', join(dir, 'public/favicon.svg'));
  writeFileSync(join(dir, 'pages/_document.js'), documentModule(langs));
  // The site's image sizes, so the hero's copied srcset widths are served, and of its headers the
  // one that changes how a browser loads the page: Cross-Origin-Opener-Policy (src/security/policy.ts)
  // puts each load in a new browsing context group, so a new renderer whose font and code caches are
  // cold, as a visitor arriving from another site has. Without it the bench's tab may keep the
  // renderer of the run before, and the cost of a cold first layout (the Japanese page's CJK font)
  // fell on the site alone (docs/performance.md, "Runs of 2026-12-07, night").
  writeFileSync(
    join(dir, 'next.config.js'),
    `module.exports = { ${sourceMaps ? 'productionBrowserSourceMaps: true, ' : ''}images: { imageSizes: [128, 256, 384], deviceSizes: [640, 750, 1080, 1200] }, headers: async () => [{ source: '/:path*', headers: [{ key: 'Cross-Origin-Opener-Policy', value: 'same-origin' }] }] };\n`,
  );
  const stop = await buildAndServe(dir, port);
  try {
    console.log(
      '[same-stack] page             elements site/base  styled CSS B site/base  HTML B site/base  first-load JS gz site/base  text, hero <img>',
    );
    const siteJs = firstLoadJs('.', '/[slug]/[type]');
    for (const { page, html, generated } of sources) {
      const site = pageFacts(html);
      const base = pageFacts(await fetchBaselinePage(port, page.path));
      const route = page.file === 'index' ? '/' : `/${page.file}`;
      console.log(
        `[same-stack] ${page.target.padEnd(28)} ${site.elements}/${base.elements}`.padEnd(54) +
          `${site.cssBytes}/${base.cssBytes}`.padEnd(22) +
          `${site.htmlBytes}/${base.htmlBytes}`.padEnd(18) +
          `${(siteJs / 1024).toFixed(1)}/${(firstLoadJs(dir, route) / 1024).toFixed(1)} kB`.padEnd(28) +
          `${site.text === base.text ? 'same' : 'DIFFERENT'}, ${site.img === base.img ? 'same' : 'DIFFERENT'}` +
          ` (${generated.facts.components} styled components for ${generated.facts.styledClasses} classes, ${generated.facts.crossRules} rules left global)`,
      );
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { stop, dir, path: (target) => SAME_STACK_PAGES.find((page) => page.target === target)?.path };
}

async function fetchBaselinePage(port, path) {
  const response = await fetch(`http://localhost:${port}${path}`);
  return response.text();
}
