import { stripPreviewSuffix } from './normalizeHost';
import type { DomainEntry } from './types';

/** Spec §5 and §8: the error for a host with no mapping. */
export const NO_MAPPING_MESSAGE = 'No mapping found for origin';

export class NoMappingError extends Error {
  constructor(readonly host: string) {
    super(NO_MAPPING_MESSAGE);
    this.name = 'NoMappingError';
  }
}

export type TenantResolver = (normalizedHost: string) => DomainEntry;

/**
 * Builds the host index once; the returned resolver is a map lookup. `{domain}.localhost` stands
 * for `{domain}` only with `previewAliases` (a site running on a local base URL): a live server
 * answers real domains only.
 */
export function createTenantResolver(entries: readonly DomainEntry[], { previewAliases = true } = {}): TenantResolver {
  const byDomain = new Map<string, DomainEntry>();
  for (const entry of entries) {
    // The tenant check reports this too; a resolver built anyway must not let the later entry win.
    if (byDomain.has(entry.domain))
      throw new Error(`tenants/domains.json: entry "${entry.domain}", field "domain": listed twice`);
    byDomain.set(entry.domain, entry);
  }
  return (normalizedHost) => {
    const entry =
      byDomain.get(normalizedHost) ?? (previewAliases ? byDomain.get(stripPreviewSuffix(normalizedHost)) : undefined);
    if (!entry) throw new NoMappingError(normalizedHost);
    return entry;
  };
}
