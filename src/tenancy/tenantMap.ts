import domainsFile from '../../tenants/domains.json';
import type { DomainEntry } from './types';

/**
 * The marketers' tenant map. `npm run tenants:check` (and the unit tests) validate the file
 * against the rules in validateTenants.ts, so the runtime can trust its shape.
 */
export const DOMAIN_ENTRIES: readonly DomainEntry[] = domainsFile.domains as DomainEntry[];
