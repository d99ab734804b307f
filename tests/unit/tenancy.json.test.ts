// A tenant file that is not valid JSON is reported with its line and column.
import { describe, expect, it } from 'vitest';
import { parseTenantJson } from '@/tenancy/tenantJson';

describe('parseTenantJson', () => {
  it('returns the parsed file', () => {
    expect(parseTenantJson('domains.json', '{ "domains": [] }')).toEqual({ ok: true, value: { domains: [] } });
  });

  it.each([
    ['a missing comma', '{\n  "domains": [\n    { "domain": "a.cz" }\n    { "domain": "b.cz" }\n  ]\n}', 'line 4, column 5: comma expected'],
    ['a trailing comma', '{\n  "domains": [\n    { "domain": "a.cz" },\n  ]\n}', 'line 4, column 3: value expected'],
    ['a comment', '{\n  // London\n  "domains": []\n}', 'line 2, column 3: invalid comment token'],
    ['a cut-off file', '{\n  "domains": [', 'line 2, column 15: close bracket expected'],
  ])('names the line and column of %s', (_, text, where) => {
    expect(parseTenantJson('domains.json', text)).toEqual({ ok: false, message: `tenants/domains.json: ${where} (not valid JSON)` });
  });
});
