// The attributes ops' dashboards and monitors facet by, named once (docs/ops.md, "Facets"). The
// site's own are read off the code that sets them, so a renamed field renames the facet here and
// tests/unit/ops.facets.test.ts sees whether every query still names one the site sends.
import {
  APPLICATION_CONTEXT_KEY,
  applicationContext,
  TENANT_CONTEXT_KEY,
  tenantContext,
} from '../../src/monitoring/context';

/** `@context.<key>.<field>` for every field of a global context property the browser SDKs carry. */
const contextFacets = (key: string, sample: object) =>
  Object.fromEntries(Object.keys(sample).map((field) => [field, `@context.${key}.${field}`]));

const tenant = contextFacets(
  TENANT_CONTEXT_KEY,
  tenantContext({ host: 'example.com', slug: 'example', type: 'poi' }),
) as Record<'host' | 'slug' | 'type', string>;
const application = contextFacets(APPLICATION_CONTEXT_KEY, applicationContext('en', 'commit')) as Record<
  'locale' | 'commitSha',
  string
>;

/** RUM: the site's context (src/monitoring/context.ts) and the attributes Datadog's browser SDK and intake set on every event. */
export const RUM = {
  tenantHost: tenant.host,
  tenantSlug: tenant.slug,
  tenantType: tenant.type,
  locale: application.locale,
  commitSha: application.commitSha,
  // Datadog's own (docs.datadoghq.com/real_user_monitoring/browser/data_collected/).
  applicationId: '@application.id',
  eventType: '@type',
  sessionId: '@session.id',
  country: '@geo.country',
  lcp: '@view.largest_contentful_paint',
  inp: '@view.interaction_to_next_paint',
  cls: '@view.cumulative_layout_shift',
  viewErrors: '@view.error.count',
  /** The SDK's `version` option: the build's commit (src/monitoring/rumInitOptions.ts). A tag, not an attribute. */
  version: 'version',
} as const;

/** The instances' JSON lines (src/monitoring/requestLog.ts) and the proxy's (deploy/nginx.conf.template). */
export const LOGS = {
  status: '@http.status_code',
  duration: '@duration',
  path: '@http.url_details.path',
  requestHost: '@http.url_details.host',
  tenantHost: '@tenant.host',
  tenantSlug: '@tenant.slug',
  tenantType: '@tenant.type',
  locale: '@locale',
  country: '@geo.country_iso_code',
  cache: '@cache',
} as const;

/** Datadog's reserved tags every query is scoped by: from each line's own attributes, and from the pods' `tags.datadoghq.com/*` labels (deploy/k8s/manifests.mts). */
export const TAGS = { service: 'service', env: 'env', version: 'version' } as const;

/** The services the logs come from: the instances name theirs `<service>-server` (server.ts), the proxy `<service>-proxy`. */
export const SERVICE = 'microsites';
export const SERVER_SERVICE = `${SERVICE}-server`;
export const PROXY_SERVICE = `${SERVICE}-proxy`;

/** RUM-based metrics (ops/datadog/slos.ts), their tag for the tenant. */
export const METRIC_TAGS = { tenantHost: 'tenant_host' } as const;
