// Issue 10 §3: `next build` runs the tenant check and stops with its messages. The build's config
// hook runs here on a copy of the project whose tenant map a marketer broke.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const copy = mkdtempSync(join(tmpdir(), 'tenant-build-'));
for (const path of ['next.config.js', 'next-i18next.config.js', 'package.json', 'tsconfig.json', 'scripts', 'src', 'tenants']) {
  cpSync(join(ROOT, path), join(copy, path), { recursive: true });
}
symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const domainsText = readFileSync(join(ROOT, 'tenants/domains.json'), 'utf8');

/** Loads next.config.js as `next build` does, with tenants/domains.json as given. */
function buildConfigWith(domains: string) {
  writeFileSync(join(copy, 'tenants/domains.json'), domains);
  const env = { ...process.env, TENANT_MAP_CHECKED: '' };
  return spawnSync(process.execPath, ['-e', "require('./next.config.js')(require('next/constants').PHASE_PRODUCTION_BUILD)"], { cwd: copy, env, encoding: 'utf8' });
}

describe('next build with a broken tenant map', () => {
  it('goes ahead with the map as it is', () => {
    const result = buildConfigWith(domainsText);
    expect(result.stdout).toContain('Tenant map OK.');
    expect(result.status).toBe(0);
  }, 30_000);

  it('stops on a domain listed twice, naming the entry and the field', () => {
    const { domains } = JSON.parse(domainsText) as { domains: { domain: string }[] };
    domains[1]!.domain = domains[0]!.domain;
    const result = buildConfigWith(JSON.stringify({ domains }, null, 2));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`tenants/domains.json: entry "${domains[0]!.domain}", field "domain": duplicate of entry #1`);
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

  it('stops on invalid JSON with its line and column', () => {
    const result = buildConfigWith(domainsText.replace(/\},(\s*\{)/, '}$1'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^tenants\/domains\.json: line \d+, column \d+: comma expected \(not valid JSON\)$/m);
  }, 30_000);
});
