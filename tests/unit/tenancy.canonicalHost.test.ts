// Spec §2 (alias hosts share one slug) and §3 (domain-mapping entry): which alias host is canonical.
import {
  canonicalHostFor,
  canonicalHostIndex,
  canonicalProblems,
  type CanonicalCandidate,
} from '@/tenancy/canonicalHost';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import { formatProblem } from '@/tenancy/types';

const KX = '/kings-cross-station/poi';
const entry = (domain: string, path: string, canonical?: boolean): CanonicalCandidate =>
  canonical === undefined ? { domain, path } : { domain, path, canonical };
const problems = (entries: unknown[]) => canonicalProblems(entries).map(formatProblem);

describe('canonicalHostFor', () => {
  it('picks the first entry for the path in file order', () => {
    const entries = [entry('prague.cz', '/prague/city'), entry('kx-a.co.uk', KX), entry('kx-b.com', KX)];
    expect(canonicalHostFor(KX, entries)).toBe('kx-a.co.uk');
    expect(canonicalHostFor(KX, [entries[2]!, entries[1]!])).toBe('kx-b.com');
  });

  it('lets an entry claim it with "canonical": true', () => {
    expect(canonicalHostFor(KX, [entry('kx-a.co.uk', KX), entry('kx-b.com', KX, true), entry('kx-c.com', KX)])).toBe(
      'kx-b.com',
    );
  });

  it('skips hosts that decline with "canonical": false', () => {
    expect(canonicalHostFor(KX, [entry('kx-a.co.uk', KX, false), entry('kx-b.com', KX), entry('kx-c.com', KX)])).toBe(
      'kx-b.com',
    );
    expect(canonicalHostFor(KX, [entry('kx-a.co.uk', KX, false), entry('kx-b.com', KX, false)])).toBe('kx-a.co.uk');
  });

  it('knows nothing of a path without entries', () => {
    expect(canonicalHostFor('/nowhere/poi', [entry('kx-a.co.uk', KX)])).toBeUndefined();
  });

  it('gives every alias of the real map one canonical host, the first listed', () => {
    expect(canonicalHostFor(KX, DOMAIN_ENTRIES)).toBe('kingscross-bagberth.co.uk');
    expect(canonicalHostFor('/waikiki/poi', DOMAIN_ENTRIES)).toBe('waikiki-bagberth.com');
    const index = canonicalHostIndex(DOMAIN_ENTRIES);
    expect(index.size).toBe(new Set(DOMAIN_ENTRIES.map((candidate) => candidate.path)).size);
    expect(index.get('/sydney-cbd/poi')).toBe(
      DOMAIN_ENTRIES.find((candidate) => candidate.path === '/sydney-cbd/poi')?.domain,
    );
  });
});

describe('canonicalProblems', () => {
  it('accepts the real map and a single claim per path', () => {
    expect(problems([...DOMAIN_ENTRIES])).toEqual([]);
    expect(
      problems([entry('kx-a.co.uk', KX), entry('kx-b.com', KX, true), entry('prague.cz', '/prague/city', true)]),
    ).toEqual([]);
  });

  it('names the second host that claims a path another already claims', () => {
    expect(problems([entry('kx-a.co.uk', KX, true), entry('kx-b.com', KX), entry('kx-c.com', KX, true)])).toEqual([
      'tenants/domains.json: entry "kx-c.com", field "canonical": another host ("kx-a.co.uk") is already canonical for /kings-cross-station/poi',
    ]);
  });

  it('rejects a flag that is not a boolean', () => {
    expect(problems([{ domain: 'kx-a.co.uk', path: KX, canonical: 'yes' }])).toEqual([
      'tenants/domains.json: entry "kx-a.co.uk", field "canonical": "yes" must be true or false',
    ]);
  });

  it('rejects a path whose every host declines', () => {
    expect(problems([entry('kx-a.co.uk', KX, false), entry('kx-b.com', KX, false)])).toEqual([
      'tenants/domains.json: entry "kx-a.co.uk", field "canonical": every host of /kings-cross-station/poi says false; one of them must be canonical',
    ]);
  });

  it('leaves malformed entries to the rest of the validator', () => {
    expect(problems([null, 'x', { domain: 'kx-a.co.uk' }, { path: KX, canonical: true }])).toEqual([]);
  });
});
