import { normalizeHost, stripPreviewSuffix } from '@/tenancy/normalizeHost';
import { TENANT_TYPES, type TenantType } from '@/tenancy/types';

/** Global context property names, as ops facet them. */
export const APPLICATION_CONTEXT_KEY = 'application';
export const TENANT_CONTEXT_KEY = 'tenant';

/** Spec §3 "Monitoring session context". */
export interface ApplicationContext {
  locale: string;
  commitSha: string;
}

/** Which tenant a session is on, so every dashboard can be faceted by it. */
export interface TenantContext {
  /** The tenant domain, with any local preview suffix removed. */
  host: string;
  /** Null on pages that are not a landing page (the directory, error pages). */
  slug: string | null;
  type: TenantType | null;
}

export function applicationContext(locale: string, commitSha: string): ApplicationContext {
  return { locale, commitSha };
}

const isTenantType = (value: unknown): value is TenantType => TENANT_TYPES.some((type) => type === value);

/** Builds the tenant context from the page's host and, on landing pages, its slug and type. */
export function tenantContext(page: { host: string; slug?: unknown; type?: unknown }): TenantContext {
  return {
    host: stripPreviewSuffix(normalizeHost(page.host)),
    slug: typeof page.slug === 'string' && page.slug ? page.slug : null,
    type: isTenantType(page.type) ? page.type : null,
  };
}
