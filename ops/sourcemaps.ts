// `npm run ops:sourcemaps`, the deploy step after `npm run build` (docs/ops.md, "Readable errors"):
// uploads the build's hidden source maps (.next/source-maps/, scripts/hide-source-maps.ts) to
// Datadog with datadog-ci, under the release version and service the build's RUM events carry and
// the path the browser loads the scripts from, so that a RUM error's stack reads as source lines.
// Needs DATADOG_API_KEY (or DD_API_KEY) and, off datadoghq.com, DATADOG_SITE (or DD_SITE);
// datadog-ci's own DATADOG_SOURCEMAP_INTAKE_URL points it elsewhere (the tests' local intake).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const MAPS = join(ROOT, '.next', 'source-maps');
/** Where every page loads its scripts from, on any host: the minified files' path prefix. */
export const MINIFIED_PATH_PREFIX = '/_next/static';
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export function main(env: Record<string, string | undefined>): number {
  const apiKey = env.DATADOG_API_KEY?.trim() || env.DD_API_KEY?.trim();
  if (!apiKey) {
    console.error(
      'ops:sourcemaps needs DATADOG_API_KEY (or DD_API_KEY), and DATADOG_SITE off datadoghq.com: nothing was sent.',
    );
    return 1;
  }
  if (!existsSync(join(MAPS, 'release.json'))) {
    console.error('No source maps: run `npm run build` first (it writes them to .next/source-maps/).');
    return 1;
  }
  const { service, version } = JSON.parse(readFileSync(join(MAPS, 'release.json'), 'utf8')) as {
    service: string;
    version: string;
  };
  const site = env.DATADOG_SITE?.trim() || env.DD_SITE?.trim();
  const upload = spawnSync(
    process.execPath,
    [
      require.resolve('@datadog/datadog-ci'),
      'sourcemaps',
      'upload',
      join(MAPS, 'static'),
      '--service',
      service,
      '--release-version',
      version,
      '--minified-path-prefix',
      MINIFIED_PATH_PREFIX,
      '--disable-git',
    ],
    // datadog-ci retries an intake that does not answer; a deploy step must end.
    {
      stdio: 'inherit',
      timeout: UPLOAD_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, ...env, DATADOG_API_KEY: apiKey, ...(site && { DATADOG_SITE: site }) },
    },
  );
  if (upload.error) console.error(`ops:sourcemaps: datadog-ci did not finish (${upload.error.message}).`);
  return upload.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) process.exitCode = main(process.env);
