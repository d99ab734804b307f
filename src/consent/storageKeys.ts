import type { ConsentCategory } from './record';

export type StorageCategory = 'necessary' | ConsentCategory;
export type StorageKind = 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB';
/** Who sets a name: this site, or a provider the privacy policy names (processors.ts). */
export type StorageProvider = 'Bagberth' | 'Amplitude' | 'Segment' | 'Datadog';

/** One cookie or storage key the site can set, as the legal cookies page lists it. */
export interface StorageEntry {
  /** The exact name, or a prefix ending in `*` for names an SDK derives (e.g. from its API key). */
  name: string;
  kind: StorageKind;
  category: StorageCategory;
  provider: StorageProvider;
  /** How long it is kept: a period from the last write, until the visitor clears it, or (sessionStorage) until the tab closes. */
  lifetime: { count: number; unit: 'year' | 'month' | 'hour' } | 'untilCleared' | 'untilTabClosed';
}

const YEAR = { count: 1, unit: 'year' } as const;

/**
 * The visit Datadog's cookie holds (@datadog/browser-core 7.16.2, sessionConstants.ts): it ends after
 * 15 minutes without activity (SESSION_EXPIRATION_DELAY) or 4 hours after it began
 * (SESSION_TIME_OUT_DELAY). The cookie pages say so; tests/unit/legal.policy.test.ts compares.
 */
export const DATADOG_VISIT = { idleMinutes: 15, longestHours: 4 } as const;
// CONSENT_LIFETIME_DAYS (record.ts) is six months, rounded down to days.
const SIX_MONTHS = { count: 6, unit: 'month' } as const;

/**
 * Everything this site or its SDKs store in the visitor's browser, by category: the one source the
 * purge on refusal and the cookies page read. tests/e2e/consent.spec.ts fails when a page stores a
 * name this list lacks.
 */
export const STORAGE_ENTRIES: readonly StorageEntry[] = [
  // Strictly necessary: the language choice (middleware.ts, i18n/LanguageSwitcher.tsx) and this choice.
  { name: 'language', kind: 'cookie', category: 'necessary', provider: 'Bagberth', lifetime: YEAR },
  { name: 'consent', kind: 'cookie', category: 'necessary', provider: 'Bagberth', lifetime: SIX_MONTHS },
  // Analytics: the product's identity and session (analytics/anonymousId.ts, analytics/productSession.ts).
  { name: 'anonymous-id', kind: 'cookie', category: 'analytics', provider: 'Bagberth', lifetime: YEAR },
  // The referring site's domain, spec §9's 31,536,000,000 ms (analytics/pageReferrer.ts).
  { name: 'page-referrer', kind: 'cookie', category: 'analytics', provider: 'Bagberth', lifetime: YEAR },
  { name: 'anonymous-id', kind: 'localStorage', category: 'analytics', provider: 'Bagberth', lifetime: 'untilCleared' },
  {
    name: 'analytics-session-id',
    kind: 'localStorage',
    category: 'analytics',
    provider: 'Bagberth',
    lifetime: 'untilCleared',
  },
  {
    name: 'analytics-session-last-access',
    kind: 'localStorage',
    category: 'analytics',
    provider: 'Bagberth',
    lifetime: 'untilCleared',
  },
  { name: 'AMP_*', kind: 'cookie', category: 'analytics', provider: 'Amplitude', lifetime: YEAR },
  { name: 'AMP_*', kind: 'localStorage', category: 'analytics', provider: 'Amplitude', lifetime: 'untilCleared' },
  { name: 'ajs_*', kind: 'cookie', category: 'analytics', provider: 'Segment', lifetime: YEAR },
  { name: 'ajs_*', kind: 'localStorage', category: 'analytics', provider: 'Segment', lifetime: 'untilCleared' },
  {
    name: 'persisted-queue:*',
    kind: 'localStorage',
    category: 'analytics',
    provider: 'Segment',
    lifetime: 'untilCleared',
  },
  // Amplitude's page view (AMP_PAGE_VIEW; AMP_URL_INFO, the address before this one, from visits
  // before its URL enrichment went off), and its diagnostics database AMP_diagnostics_<first 10
  // characters of the API key>.
  { name: 'AMP_*', kind: 'sessionStorage', category: 'analytics', provider: 'Amplitude', lifetime: 'untilTabClosed' },
  { name: 'AMP_*', kind: 'indexedDB', category: 'analytics', provider: 'Amplitude', lifetime: 'untilCleared' },
  // Monitoring: Datadog's session (RUM and logs share it; 7.x names the cookie _dd_s_v2). With
  // trackAnonymousUser off (monitoring/rumInitOptions.ts) @datadog/browser-core 7.16.2 writes it for
  // SESSION_TIME_OUT_DELAY, 4 hours from each write, not a year (sessionInCookie.ts).
  {
    name: '_dd_s*',
    kind: 'cookie',
    category: 'monitoring',
    provider: 'Datadog',
    lifetime: { count: DATADOG_VISIT.longestHours, unit: 'hour' },
  },
  { name: '_dd_s*', kind: 'localStorage', category: 'monitoring', provider: 'Datadog', lifetime: 'untilCleared' },
  // The tab's id (browser-core tabContext.ts).
  {
    name: '_dd_tab_id',
    kind: 'sessionStorage',
    category: 'monitoring',
    provider: 'Datadog',
    lifetime: 'untilTabClosed',
  },
];

const matches = (entry: StorageEntry, kind: StorageKind, name: string) =>
  entry.kind === kind && (entry.name.endsWith('*') ? name.startsWith(entry.name.slice(0, -1)) : name === entry.name);

/** The listed entry a stored name belongs to, if any. */
export function storageEntryFor(kind: StorageKind, name: string): StorageEntry | undefined {
  return STORAGE_ENTRIES.find((entry) => matches(entry, kind, name));
}

/** The names among `stored` that belong to one of the refused categories. */
export function namesToPurge(
  kind: StorageKind,
  stored: readonly string[],
  refused: readonly ConsentCategory[],
): string[] {
  return stored.filter((name) => {
    const category = storageEntryFor(kind, name)?.category;
    return category !== undefined && category !== 'necessary' && refused.includes(category);
  });
}
