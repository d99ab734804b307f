import { publicEnv } from '@/config/builtEnv';
import { isWebsiteLocale } from '@/i18n/websiteLocales';
import { PLACES } from '@/tenancy/placeData';
import { previewUrl } from '@/tenancy/previewUrl';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';
import type { DirectoryRow } from './types';

/** Every tenant host, sorted by landing path, with a preview link. */
export function directoryRows(locale: string | undefined): DirectoryRow[] {
  return DOMAIN_ENTRIES.map((entry) => {
    const names = PLACES[entry.slug]?.name;
    return {
      domain: entry.domain,
      previewUrl: previewUrl(entry.domain, publicEnv.micrositesBaseUrl),
      path: entry.path,
      placeName: (isWebsiteLocale(locale) && names?.[locale]) || names?.en || entry.slug,
      locales: entry.locales,
    };
  }).sort((a, b) => a.path.localeCompare(b.path) || a.domain.localeCompare(b.domain));
}
