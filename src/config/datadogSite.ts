// Read by the browser's CSP and privacy policy as well as by the schemas: constants only, no parser.
export const DEFAULT_DATADOG_SITE = 'datadoghq.com';

/**
 * Where each Datadog site stores its data (ISO 3166-1 country): the sites the SDK knows (`Site` in
 * @datadog/js-core's intakeSites.ts) and the country Datadog's site list gives. The privacy policy
 * names it, so any other site stops the build rather than go unnamed.
 */
export const DATADOG_SITE_COUNTRIES: Readonly<Record<string, string>> = {
  'datadoghq.com': 'US',
  'us3.datadoghq.com': 'US',
  'us5.datadoghq.com': 'US',
  'datadoghq.eu': 'DE',
  'ap1.datadoghq.com': 'JP',
  'ap2.datadoghq.com': 'AU',
  'ddog-gov.com': 'US',
  'us2.ddog-gov.com': 'US',
};

/** The intake origin of a Datadog site, built the way the SDK builds it (`us3.datadoghq.com` → `browser-intake-us3-datadoghq.com`). */
export function intakeOriginForSite(site: string): string {
  const labels = site.split('.');
  const extension = labels.pop();
  return `https://browser-intake-${labels.join('-')}.${extension}`;
}
