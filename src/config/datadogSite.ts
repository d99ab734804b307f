import type { EnvReader } from './parse';

// Read by both the browser's monitoring settings and the server's proxy settings; this module holds
// no parsed value, so a bad variable elsewhere cannot stop it from loading.
const DEFAULT_DATADOG_SITE = 'datadoghq.com';

// A Datadog site is a bare host name; the intake host is derived from it on both ends.
const SITE_PATTERN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

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

/** Reads NEXT_PUBLIC_DATADOG_SITE; the browser SDK and the server proxy both need it. */
export function readDatadogSite(read: EnvReader): string {
  const site = read.string('NEXT_PUBLIC_DATADOG_SITE', DEFAULT_DATADOG_SITE).toLowerCase();
  if (!SITE_PATTERN.test(site)) {
    read.problem(
      'NEXT_PUBLIC_DATADOG_SITE',
      `expected a Datadog site such as "datadoghq.eu", got ${JSON.stringify(site)}`,
    );
  } else if (!Object.hasOwn(DATADOG_SITE_COUNTRIES, site)) {
    read.problem(
      'NEXT_PUBLIC_DATADOG_SITE',
      `${JSON.stringify(site)} is not a Datadog site whose data location the privacy policy knows; add it to DATADOG_SITE_COUNTRIES (src/config/datadogSite.ts)`,
    );
  } else {
    return site;
  }
  return DEFAULT_DATADOG_SITE;
}

/** The intake origin of a Datadog site, built the way the SDK builds it (`us3.datadoghq.com` → `browser-intake-us3-datadoghq.com`). */
export function intakeOriginForSite(site: string): string {
  const labels = site.split('.');
  const extension = labels.pop();
  return `https://browser-intake-${labels.join('-')}.${extension}`;
}
