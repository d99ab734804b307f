// `next build` runs the tenant check and the environment check, and stops with their messages.
// The build's config hook runs here on a copy of the project whose tenant map a marketer broke, or
// with a mistyped environment.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const copy = mkdtempSync(join(tmpdir(), 'tenant-build-'));
for (const path of [
  'next.config.js',
  'next-i18next.config.js',
  'cache-handler.mjs',
  'package.json',
  'tsconfig.json',
  'scripts',
  'src',
  'tenants',
]) {
  cpSync(join(ROOT, path), join(copy, path), { recursive: true });
}
symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const domainsText = readFileSync(join(ROOT, 'tenants/domains.json'), 'utf8');
const placesText = readFileSync(join(ROOT, 'tenants/places.json'), 'utf8');
const operatorText = readFileSync(join(ROOT, 'tenants/operator.json'), 'utf8');

/** Loads next.config.js as `next build` does, with the tenant files as given. */
function buildConfigWith(
  domains: string,
  variables: Record<string, string> = {},
  places = placesText,
  operator = operatorText,
) {
  writeFileSync(join(copy, 'tenants/domains.json'), domains);
  writeFileSync(join(copy, 'tenants/places.json'), places);
  writeFileSync(join(copy, 'tenants/operator.json'), operator);
  const env = { ...process.env, BUILD_INPUTS_CHECKED: '', ...variables };
  return spawnSync(
    process.execPath,
    ['-e', "require('./next.config.js')(require('next/constants').PHASE_PRODUCTION_BUILD)"],
    { cwd: copy, env, encoding: 'utf8' },
  );
}

describe('next build with a broken tenant map', () => {
  it('goes ahead with the map as it is', () => {
    const result = buildConfigWith(domainsText);
    expect(result.stdout).toContain('Tenant map and operator facts OK.');
    expect(result.status).toBe(0);
  }, 30_000);

  it('stops on a domain listed twice, naming the entry and the field', () => {
    const { domains } = JSON.parse(domainsText) as { domains: { domain: string }[] };
    domains[1]!.domain = domains[0]!.domain;
    const result = buildConfigWith(JSON.stringify({ domains }, null, 2));
    expect(result.status).toBe(1);
    const [first, second] = [...JSON.stringify({ domains }, null, 2).matchAll(/"domain": /g)].map(
      (match) => JSON.stringify({ domains }, null, 2).slice(0, match.index).split('\n').length,
    );
    expect(result.stderr).toContain(
      `tenants/domains.json, line ${second}: entry "${domains[0]!.domain}", field "domain": a second entry for this host: remove this one or the earlier one, #1 (line ${first})`,
    );
    expect(result.stderr).toContain('The build stops here');
  }, 30_000);

  it('stops on a missing locales field, naming it', () => {
    const { domains } = JSON.parse(domainsText) as { domains: { domain: string; locales?: string[] }[] };
    delete domains[0]!.locales;
    const result = buildConfigWith(JSON.stringify({ domains }, null, 2));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`entry "${domains[0]!.domain}", field "locales": must be a list`);
    expect(result.stderr).not.toMatch(/TypeError/);
  }, 30_000);

  it('stops on swapped coordinates, naming the entry and the field', () => {
    const file = JSON.parse(placesText) as { places: Record<string, { lat: number; lng: number }> };
    const station = file.places['kings-cross-station']!;
    [station.lat, station.lng] = [station.lng, station.lat];
    const result = buildConfigWith(domainsText, {}, JSON.stringify(file, null, 2));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `tenants/places.json, line ${
        JSON.stringify(file, null, 2)
          .split('\n')
          .findIndex((line) => line.includes('"kings-cross-station"')) + 1
      }: entry "kings-cross-station", field "lat, lng": lat and lng look swapped: (lng, lat) is in United Kingdom (GB)\n\n1 problem(s) in the tenant files.`,
    );
  }, 30_000);

  it('stops on an operator fact a marketer broke, naming the file and the field', () => {
    const operator = JSON.parse(operatorText) as { vatNumber: string };
    operator.vatNumber = 'GB318294756';
    const result = buildConfigWith(domainsText, {}, placesText, JSON.stringify(operator, null, 2));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'tenants/operator.json: field "vatNumber": "GB318294756" must be the country prefix, then groups',
    );
    expect(result.stderr).toContain('The build stops here');
  }, 30_000);

  it('stops on invalid JSON with its line and column', () => {
    const result = buildConfigWith(domainsText.replace(/\},(\s*\{)/, '}$1'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^tenants\/domains\.json: line \d+, column \d+: comma expected \(not valid JSON\)$/m);
  }, 30_000);
});

describe('next build with a mistyped environment', () => {
  it('names every bad variable at once, browser and server ones, each once, and stops', () => {
    const result = buildConfigWith(domainsText, {
      NEXT_PUBLIC_MICROSITES_BASE_URL: 'sites.example.org',
      NEXT_PUBLIC_SEGMENT_WRITE_KEY: 'w',
      NEXT_PUBLIC_SEGMENT_CDN_URL: 'cdn',
      NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'app-123',
      NEXT_PUBLIC_DATADOG_SITE: 'https://datadoghq.eu',
      TRUST_PROXY: 'maybe',
      CONTENT_REVALIDATE_SECONDS: '1h',
      GRAPHQL_URL: 'api/graphql',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('Invalid environment variable'))).toEqual([
      'Invalid environment variable NEXT_PUBLIC_MICROSITES_BASE_URL: expected an absolute http(s) URL, got "sites.example.org"',
      'Invalid environment variable NEXT_PUBLIC_SEGMENT_CDN_URL: expected an absolute http(s) URL, got "cdn"',
      'Invalid environment variable NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: required when NEXT_PUBLIC_DATADOG_APPLICATION_ID is set',
      'Invalid environment variable NEXT_PUBLIC_DATADOG_SITE: expected a Datadog site such as "datadoghq.eu", got "https://datadoghq.eu"',
      'Invalid environment variable TRUST_PROXY: expected false, true or the number of trusted proxies in front (1-10), got "maybe"',
      'Invalid environment variable CONTENT_REVALIDATE_SECONDS: expected a positive whole number, got "1h"',
      'Invalid environment variable GRAPHQL_URL: expected an absolute http(s) URL, got "api/graphql"',
    ]);
    expect(result.stderr).toContain('The build stops here: fix the environment variables');
  }, 30_000);
});
