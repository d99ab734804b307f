import type { WebsiteLocale } from '@/i18n/websiteLocales';

export const TENANT_TYPES = ['poi', 'city'] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/** A domain-mapping entry of tenants/domains.json (spec §3). */
export interface DomainEntry {
  domain: string;
  type: TenantType;
  slug: string;
  path: string;
  locales: WebsiteLocale[];
  /** Alias hosts of one page: true marks the host search engines should index (default: the first). */
  canonical?: boolean;
}

export const PLACE_KINDS = ['city', 'station', 'airport', 'landmark'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** Facts about a place, keyed by slug in tenants/places.json. */
export interface Place {
  kind: PlaceKind;
  /** Display name per locale; always has `en`. */
  name: Partial<Record<WebsiteLocale, string>> & { en: string };
  /**
   * "near X" (station, airport, landmark) or "in X" (city) as it reads mid-sentence, per locale
   * whose grammar depends on the place (see src/tenancy/placePhrases.ts).
   */
  where?: Partial<Record<WebsiteLocale, string>>;
  /** Slug of the parent city's place, when that city has a site too. */
  city: string | null;
  country: string;
  currency: string;
  lat: number;
  lng: number;
  timeZone: string;
}

/** A landing path and everything the tenant map says about it. */
export interface TenantPage {
  slug: string;
  type: TenantType;
  path: string;
  locales: WebsiteLocale[];
  domains: string[];
}

/** Where a value sits in a JSON file: keys and array indexes from the top. */
export type JsonPath = Array<string | number>;

/** One problem in the tenant files, naming the entry (in a file of entries) and the field so a marketer can fix it. */
export interface TenantProblem {
  file: 'domains.json' | 'places.json' | 'operator.json';
  entry?: string;
  field: string;
  message: string;
  /** Where the mistake is, for its line. */
  at?: JsonPath;
  /** The entry it clashes with, for its line too. */
  clashesWith?: JsonPath;
}

/** A line of a tenant file by path (tenantJson.ts's lineLocator, per file). */
export type LineOf = (file: TenantProblem['file'], path: JsonPath) => number | undefined;

/** Problems as lines; with `lineOf`, each starts with the line of the mistake and names the line it clashes with. */
export const problemFormatter =
  (lineOf?: LineOf) =>
  (p: TenantProblem): string => {
    const line = p.at && lineOf?.(p.file, p.at);
    const other = p.clashesWith && lineOf?.(p.file, p.clashesWith);
    return `tenants/${p.file}${line ? `, line ${line}` : ''}: ${p.entry === undefined ? '' : `entry ${p.entry}, `}field "${p.field}": ${p.message}${other ? ` (line ${other})` : ''}`;
  };

export const formatProblem = problemFormatter();
