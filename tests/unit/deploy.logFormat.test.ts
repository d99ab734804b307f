// Issue 38 item 4 (docs/deploy.md, "Logs"): the proxy's log lines carry the build's env and
// version as written, and only plain tokens get written there.
import { proxyConfFor } from './support/proxyConfFor';

describe("the proxy's log formats", () => {
  it('write the build’s env and version into both kinds of line', () => {
    const conf = proxyConfFor({ logTags: { env: 'staging', version: 'commit-1.2_3' } });
    const formats = [...conf.matchAll(/log_format (\w+) escape=json ((?:'[^']*'\s*)+);/g)].map(
      ([, name, parts]) => [name, [...parts!.matchAll(/'([^']*)'/g)].map((part) => part[1]).join('')] as const,
    );
    expect(formats.map(([name]) => name)).toEqual(['json_lines', 'upstream_lines']);
    for (const [, format] of formats) expect(format).toContain('"env":"staging","version":"commit-1.2_3"');
  });

  it.each([
    ['env', 'prod uction'],
    ['version', 'a"b'],
    ['version', ''],
  ])('refuse a %s of %j, which would break the line or the configuration', (name, value) => {
    expect(() => proxyConfFor({ logTags: { env: 'production', version: 'commit', [name]: value } })).toThrow(
      new RegExp(`The build's ${name} for the proxy's log lines must be letters, digits`),
    );
  });
});
