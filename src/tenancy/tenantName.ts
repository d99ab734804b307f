import { NoMappingError } from './resolveTenant';
import { routingContext } from './routingContext';

/**
 * The name the tenant map gives the host a request was sent to: a tenant's domain (its local
 * preview counted as the domain), or the microsites host; undefined for a host it does not know.
 * What monitoring tags a host's data with, so a request cannot choose the tag.
 */
export function tenantName(host: string): string | undefined {
  if (host === routingContext.micrositesHost) return host;
  try {
    return routingContext.resolveTenant(host).domain;
  } catch (error) {
    if (error instanceof NoMappingError) return undefined;
    throw error;
  }
}
