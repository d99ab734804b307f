// `npm run lint` checks import direction with dependency-cruiser: docs/architecture.md explains the
// layers. Folders of src/ in order, lowest first: a folder may import itself and folders before it,
// never one after it, so no two folders can depend on each other.
const LAYERS = [
  ['base', 'config', 'theme', 'i18n'], // no product knowledge: logger, environment, design, languages
  ['tenancy'], // hosts, places and routing
  ['seo', 'content'], // what a page says and how search engines see it
  ['consent', 'analytics', 'monitoring', 'security'], // what runs around a page
  ['shell', 'landing'], // views
];
const ORDER = LAYERS.flat();

// A folder left out of LAYERS would go unchecked: name it here first.
const unplaced = require('node:fs')
  .readdirSync(`${__dirname}/src`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ORDER.includes(entry.name));
if (unplaced.length > 0)
  throw new Error(
    `Place src/${unplaced.map((entry) => entry.name).join(', src/')} in LAYERS (.dependency-cruiser.cjs)`,
  );

/** Folders a folder must not import: every folder after it in ORDER. */
const laterThan = (folder) => ORDER.slice(ORDER.indexOf(folder) + 1);

/** Capabilities whose insides are theirs alone: others import the files listed here. */
const PUBLIC_FILES = {
  analytics: ['index.ts'],
  monitoring: ['index.ts', 'proxyHandler.ts', 'proxyLimits.ts', 'cspReports.ts'],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one: neither can be read, tested or loaded without the other.',
      from: {},
      to: { circular: true },
    },
    ...ORDER.filter((folder) => laterThan(folder).length > 0).map((folder) => ({
      name: `layers:${folder}`,
      severity: 'error',
      comment: `src/${folder} may import only folders before it in .dependency-cruiser.cjs (LAYERS).`,
      from: { path: `^src/${folder}/` },
      to: { path: `^src/(${laterThan(folder).join('|')})/` },
    })),
    {
      name: 'layers:app-code-never-imports-pages',
      severity: 'error',
      comment: 'pages/ and middleware.ts sit on top: src/ serves them and never imports them.',
      from: { path: '^src/' },
      to: { path: '^(pages/|middleware\\.ts$|server\\.ts$)' },
    },
    ...Object.entries(PUBLIC_FILES).map(([folder, files]) => ({
      name: `public-api:${folder}`,
      severity: 'error',
      comment: `Outside src/${folder}, import ${files.join(' or ')} only.`,
      from: { path: '^(src|pages)/', pathNot: `^src/${folder}/` },
      to: { path: `^src/${folder}/`, pathNot: `^src/${folder}/(${files.join('|').replace(/\./g, '\\.')})$` },
    })),
    {
      name: 'build-only:country-borders',
      severity: 'error',
      comment:
        "country-coder carries the world's borders (about 700 kB): src/tenancy/placeGeo.ts alone loads them, for the tenant check.",
      from: { pathNot: '^src/tenancy/placeGeo\\.ts$' },
      to: { path: '^node_modules/@rapideditor/country-coder/' },
    },
    {
      name: 'build-only:tenant-validation',
      severity: 'error',
      comment:
        'The tenant validation loads the borders and the currency, time-zone and language data: scripts/check-tenants.mts runs it at build time, no page or server does.',
      from: {
        path: '^(src/|pages/|middleware\\.ts$|server\\.ts$)',
        pathNot: '^src/tenancy/(validateTenants|placeFacts)\\.ts$',
      },
      to: { path: '^src/tenancy/(validateTenants|placeGeo|placeFacts)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing fails at build time anyway; say so here first.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|bench/results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
