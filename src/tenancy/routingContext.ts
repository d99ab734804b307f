import { publicEnv } from '@/config/builtEnv';
import { hostConsentRegime, hostFormatLocale } from './hostFormat';
import { normalizeHost } from './normalizeHost';
import { isLocalBaseUrl } from './previewUrl';
import { createTenantResolver } from './resolveTenant';
import type { RoutingContext } from './routeRequest';
import { DOMAIN_ENTRIES } from './tenantMap';

/** Built once per server (or Edge isolate): the host index and the microsites host. */
export const routingContext: RoutingContext = {
  micrositesHost: normalizeHost(new URL(publicEnv.micrositesBaseUrl).host),
  resolveTenant: createTenantResolver(DOMAIN_ENTRIES, { previewAliases: isLocalBaseUrl(publicEnv.micrositesBaseUrl) }),
  formatLocaleFor: hostFormatLocale,
  regimeFor: hostConsentRegime,
};
