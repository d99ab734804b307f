import type { DomainEntry, TenantProblem } from './types';
import { isObject } from '@/base/isObject';

/**
 * A domain entry as the canonical rule reads it. `canonical` is an optional flag of
 * tenants/domains.json: `true` makes that host the canonical one for its path.
 */
export type CanonicalCandidate = Pick<DomainEntry, 'domain' | 'path'> & { canonical?: boolean };

/**
 * The host search engines should index for a landing path shared by alias hosts: the entry that
 * says `"canonical": true`, else the first entry for the path (in file order) that does not say
 * `"canonical": false`, else simply the first. Undefined when no entry has that path.
 */
export function canonicalHostFor(path: string, entries: readonly CanonicalCandidate[]): string | undefined {
  const forPath = entries.filter((entry) => entry.path === path);
  const chosen =
    forPath.find((entry) => entry.canonical === true) ??
    forPath.find((entry) => entry.canonical !== false) ??
    forPath[0];
  return chosen?.domain;
}

/** The canonical host of every path, computed once for callers that look up many paths. */
export function canonicalHostIndex(entries: readonly CanonicalCandidate[]): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const path of new Set(entries.map((entry) => entry.path))) {
    const host = canonicalHostFor(path, entries);
    if (host) index.set(path, host);
  }
  return index;
}

/**
 * Problems with the `canonical` flags of raw domain entries, for the tenant validator: a flag
 * that is not a boolean, two hosts of one path that both claim it, and a path whose every host
 * declines it. Entries without a string domain and path are skipped; the validator reports those.
 */
export function canonicalProblems(entries: readonly unknown[]): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const report = (domain: string, message: string) =>
    problems.push({ file: 'domains.json', entry: JSON.stringify(domain), field: 'canonical', message });

  const claimedBy = new Map<string, string>();
  const hostsByPath = new Map<string, { domain: string; declined: boolean }[]>();
  for (const raw of entries) {
    if (!isObject(raw) || typeof raw.domain !== 'string' || typeof raw.path !== 'string') continue;
    const { domain, path, canonical } = raw;
    if (canonical !== undefined && typeof canonical !== 'boolean') {
      report(domain, `${JSON.stringify(canonical)} must be true or false`);
      continue;
    }
    const hosts = hostsByPath.get(path) ?? [];
    hosts.push({ domain, declined: canonical === false });
    hostsByPath.set(path, hosts);
    if (canonical !== true) continue;
    const earlier = claimedBy.get(path);
    if (earlier) report(domain, `another host (${JSON.stringify(earlier)}) is already canonical for ${path}`);
    else claimedBy.set(path, domain);
  }

  for (const [path, hosts] of hostsByPath) {
    if (hosts.every((host) => host.declined)) {
      const first = hosts[0];
      if (first) report(first.domain, `every host of ${path} says false; one of them must be canonical`);
    }
  }
  return problems;
}
