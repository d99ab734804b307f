// A tenant file that is not valid JSON is reported with its line and column; a key given twice in
// one object (issue 39 item 2: JSON.parse would keep the last) with both lines.
import { describe, expect, it } from 'vitest';
import { lineLocator, parseTenantJson } from '@/tenancy/tenantJson';

describe('parseTenantJson', () => {
  it('returns the parsed file', () => {
    expect(parseTenantJson('domains.json', '{ "domains": [] }')).toEqual({ ok: true, value: { domains: [] } });
  });

  it.each([
    [
      'a missing comma',
      '{\n  "domains": [\n    { "domain": "a.cz" }\n    { "domain": "b.cz" }\n  ]\n}',
      'line 4, column 5: comma expected',
    ],
    ['a trailing comma', '{\n  "domains": [\n    { "domain": "a.cz" },\n  ]\n}', 'line 4, column 3: value expected'],
    ['a comment', '{\n  // London\n  "domains": []\n}', 'line 2, column 3: invalid comment token'],
    ['a cut-off file', '{\n  "domains": [', 'line 2, column 15: close bracket expected'],
  ])('names the line and column of %s', (_, text, where) => {
    expect(parseTenantJson('domains.json', text)).toEqual({
      ok: false,
      messages: [`tenants/domains.json: ${where} (not valid JSON)`],
    });
  });

  it('refuses a key given twice in one object, naming both lines, each time it happens', () => {
    const text =
      '{\n  "places": {\n    "vienna": { "kind": "city" },\n    "prague": { "kind": "city", "kind": "station" },\n    "vienna": { "kind": "city" }\n  }\n}';
    expect(parseTenantJson('places.json', text)).toEqual({
      ok: false,
      messages: [
        'tenants/places.json: line 4: "kind" is already a key of places.prague at line 4: JSON keeps only the last of the two, so remove one or give it a name of its own',
        'tenants/places.json: line 5: "vienna" is already a key of places at line 3: JSON keeps only the last of the two, so remove one or give it a name of its own',
      ],
    });
  });

  it('lets the same key stand in different objects', () => {
    expect(parseTenantJson('places.json', '{ "a": { "en": "x" }, "b": { "en": "y" } }')).toMatchObject({ ok: true });
  });
});

describe('lineLocator', () => {
  const text =
    '{\n  "domains": [\n    {\n      "domain": "a.cz",\n      "slug": "prague"\n    },\n    { "domain": "b.cz" }\n  ]\n}';
  const lineOf = lineLocator(text);
  it.each<[string, Array<string | number>, number | undefined]>([
    ['a field: the line of its key', ['domains', 0, 'slug'], 5],
    ['an entry', ['domains', 1], 7],
    ['a field the entry lacks: the entry', ['domains', 1, 'slug'], 7],
    ['the file', [], 1],
    ['a path outside the file: its nearest value', ['places', 'x'], 1],
  ])('%s', (_name, path, line) => expect(lineOf(path)).toBe(line));

  it('finds nothing in a file that does not parse', () => expect(lineLocator('')(['domains'])).toBeUndefined());
});
