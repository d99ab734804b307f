import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files with a test that reads the whole tenant map, renders every page, runs a build step or
 * generates thousands of inputs: each had a test over a second on a loaded machine (`npx vitest
 * run --reporter=json`, 2026-12-03, beside a full gallery run), where `landing.copy` failed on
 * vitest's default 5 s. They run in a project of their own with a timeout a busy machine keeps.
 */
const WHOLE_MAP = [
  'build.inputChecks',
  'consent.choices',
  'deploy.kubernetes',
  'deploy.languageNegotiation',
  'deploy.securityHeaders',
  'deploy.visitorRegime',
  'i18n.browserLookup',
  'landing.copy',
  'landing.placeMap',
  'landing.storageSpots',
  'ops.apply',
  'seo.sitemap',
  'tenancy.facts',
].map((name) => `tests/unit/${name}.test.{ts,tsx}`);

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    globals: true,
    setupFiles: ['tests/unit/setup.ts'],
    // Vitest's default is one worker fewer than the cores: one on CI's 2-core machine, which ran the
    // files one at a time (163 s against 91 s with two).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...WHOLE_MAP],
        },
      },
      { extends: true, test: { name: 'whole-map', include: WHOLE_MAP, testTimeout: 300_000, hookTimeout: 300_000 } },
    ],
  },
});
