import { negotiateLanguage, resolvePageLanguage } from '@/i18n/pageLanguage';
import { DEFAULT_LOCALE, isWebsiteLocale, WEBSITE_LOCALES, type WebsiteLocale } from '@/i18n/websiteLocales';
import type { ConsentRegime } from './consentRegime';
import { NoMappingError, type TenantResolver } from './resolveTenant';
import type { DomainEntry } from './types';

/** The page that explains an unknown host; only ever served with status 404. */
export const UNKNOWN_HOST_PAGE = '/unknown-host';
export const NOT_FOUND_PAGE = '/404';
/** A tenant host's 404 in its consent regime (pages/not-found/[regime].tsx); only ever served with status 404. */
export const tenantNotFoundPage = (regime: ConsentRegime) => `/not-found/${regime}`;
/**
 * A landing page in another consent regime than its host's own (pages/[slug]/[type]/[regime].tsx):
 * an opt-out host's page for a visitor whose country asks first.
 */
export const landingVariantPage = (landingPath: string, regime: ConsentRegime) => `${landingPath}/${regime}`;
/**
 * Pages that only stand in for something else, never served at their own URL: the unknown-host
 * page, the tenant hosts' 404s, and the server-error page, which answers 500 there, so anyone
 * could set off 5xx alerts.
 */
const isInternalPage = (pathname: string) =>
  [UNKNOWN_HOST_PAGE, '/500'].includes(pathname) || pathname.startsWith('/not-found/');

/** Legal pages every host serves at /terms, /privacy, /cookies and /imprint, from one shared page each. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies', 'imprint'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
/**
 * Other paths of a legal page, served with the same content (noindex like the rest, so nothing to
 * canonicalise): German-speaking visitors look for the imprint at /impressum.
 */
export const LEGAL_ALIASES: Readonly<Record<string, LegalDocument>> = { impressum: 'imprint' };
/** The files every host answers from the tenant map at its root. */
export const HOST_FILES = ['/sitemap.xml', '/robots.txt'] as const;
/**
 * Files every host answers from the tenant map through an API route: its sitemap and robots.txt,
 * and the share images its pages name.
 */
function hostFile(pathname: string): { pathname: string; search: string } | undefined {
  if ((HOST_FILES as readonly string[]).includes(pathname))
    return { pathname: '/api/host-file', search: `?file=${pathname.slice(1)}` };
  const shareImage = /^\/og\/([a-z0-9-]+)\.png$/.exec(pathname);
  return shareImage ? { pathname: `/api/og/${shareImage[1]}`, search: '' } : undefined;
}

/** The legal document a path names, by its own name or an alias. */
function legalDocumentAt(pathname: string): LegalDocument | undefined {
  const name = pathname.slice(1);
  if ((LEGAL_DOCUMENTS as readonly string[]).includes(name)) return name as LegalDocument;
  return Object.hasOwn(LEGAL_ALIASES, name) ? LEGAL_ALIASES[name] : undefined;
}

export interface RouteRequest {
  /** Normalized host (see normalizeHost). */
  host: string;
  /** Path without its locale prefix, as Next's nextUrl gives it. */
  pathname: string;
  locale: string;
  /** True when the URL itself names the locale; a stored choice must not override that. */
  explicitLocale: boolean;
  /** The visitor's stored language choice, if any. */
  storedLanguage?: string;
  /** A language just picked in the switcher (see CHOOSE_LANGUAGE_PARAM), if any. */
  chosenLanguage?: string;
  /** The browser's `Accept-Language`, if any. */
  acceptLanguage?: string;
  /** The visitor's own regime asks first, as the proxy in front tells it (consentRegime.ts, visitorAsksFirst). */
  visitorAsksFirst?: boolean;
}

export interface RoutingContext {
  micrositesHost: string;
  resolveTenant: TenantResolver;
  /** The regional locale a place's host (none: the microsites host) writes a locale in (hostFormat.ts). */
  formatLocaleFor: (slug: string | undefined, locale: WebsiteLocale) => string;
  /** The consent regime of a place's host (none: the microsites host) in a locale, which every page of the host keeps (hostFormat.ts). */
  regimeFor: (slug: string | undefined, locale: WebsiteLocale) => ConsentRegime;
}

export type NotFoundReason = 'unknown-host' | 'locale-not-offered' | 'foreign-path' | 'internal-page';

export type RouteDecision =
  | { kind: 'pass' }
  | {
      kind: 'rewrite';
      pathname: string;
      search?: string;
      entry?: DomainEntry;
      /** The answer depends on the visitor's languages (a cache in front must key on them), and is in this one. */
      byVisitorLanguage?: WebsiteLocale;
      /** The page differs by the visitor's own regime (a cache in front must key on it): an opt-out host's. */
      byVisitorRegime?: boolean;
    }
  | {
      kind: 'redirect';
      pathname: string;
      locale: WebsiteLocale;
      storeLanguage?: WebsiteLocale;
      byVisitorLanguage?: WebsiteLocale;
    }
  | { kind: 'not-found'; reason: NotFoundReason; page: string; locale?: WebsiteLocale };

/** The same page in the chosen language, remembered for later visits. */
function switchTo(request: RouteRequest, offered?: readonly WebsiteLocale[]): RouteDecision | undefined {
  const chosen = request.chosenLanguage;
  if (!isWebsiteLocale(chosen) || (offered && !offered.includes(chosen))) return undefined;
  return { kind: 'redirect', pathname: request.pathname, locale: chosen, storeLanguage: chosen };
}

const notFound = (reason: NotFoundReason, page: string, locale?: WebsiteLocale): RouteDecision => ({
  kind: 'not-found',
  reason,
  page,
  ...(locale && { locale }),
});

/**
 * An unknown host has no languages of its own: its page speaks the one the URL names, else the
 * first of the browser's that the site has copy for.
 */
function unknownHostLanguage(request: RouteRequest): WebsiteLocale {
  if (request.explicitLocale && isWebsiteLocale(request.locale)) return request.locale;
  return negotiateLanguage(request.acceptLanguage, WEBSITE_LOCALES) ?? DEFAULT_LOCALE;
}

/**
 * Decides what a request becomes. A tenant host serves exactly one landing page, at `/` in each
 * of its locales, and the legal pages; it never serves another host's page.
 */
export function routeRequest(request: RouteRequest, context: RoutingContext): RouteDecision {
  if (request.pathname.startsWith('/api/')) return { kind: 'pass' };
  const file = hostFile(request.pathname);
  if (file) return { kind: 'rewrite', ...file };

  // One static legal page per document, locale, regional locale and consent regime
  // (pages/legal/[doc]/[format]/[regime].tsx): the host's country decides how its date is written,
  // with the page's language whether its banner asks first, and a static page cannot ask for the host.
  const legalDocument = legalDocumentAt(request.pathname);
  const pageLocale = isWebsiteLocale(request.locale) ? request.locale : DEFAULT_LOCALE;
  // A visitor whose country asks first, or is unknown, gets every page in the opt-in regime (docs/consent.md).
  const regimeOf = (slug?: string): ConsentRegime =>
    request.visitorAsksFirst ? 'opt-in' : context.regimeFor(slug, pageLocale);
  const legalPage = (slug?: string) =>
    `/legal/${legalDocument}/${context.formatLocaleFor(slug, pageLocale)}/${regimeOf(slug)}`;
  const legal = legalDocument !== undefined;
  if (request.host === context.micrositesHost) {
    if (isInternalPage(request.pathname)) return notFound('internal-page', NOT_FOUND_PAGE);
    const switched = switchTo(request);
    if (switched) return switched;
    return legal ? { kind: 'rewrite', pathname: legalPage() } : { kind: 'pass' };
  }

  let entry: DomainEntry;
  try {
    entry = context.resolveTenant(request.host);
  } catch (error) {
    if (error instanceof NoMappingError)
      return notFound('unknown-host', UNKNOWN_HOST_PAGE, unknownHostLanguage(request));
    throw error;
  }

  // The host's 404 keeps its regime: an opt-out host's must not purge what its landing page stored.
  const hostNotFound = (reason: NotFoundReason) => notFound(reason, tenantNotFoundPage(regimeOf(entry.slug)));
  const offered = entry.locales;
  if (!isWebsiteLocale(request.locale) || !offered.includes(request.locale)) return hostNotFound('locale-not-offered');

  const switched = legal || request.pathname === '/' ? switchTo(request, offered) : undefined;
  if (switched) return switched;
  // Only an opt-out host's pages change with the visitor's country: an opt-in one always asks first.
  const hostRegime = context.regimeFor(entry.slug, pageLocale);
  const byVisitorRegime = hostRegime === 'opt-out' ? { byVisitorRegime: true } : {};
  if (legal) return { kind: 'rewrite', pathname: legalPage(entry.slug), entry, ...byVisitorRegime };
  // The host's own landing path has one public URL: its root.
  if (request.pathname === entry.path) return { kind: 'redirect', pathname: '/', locale: request.locale };
  if (request.pathname !== '/') return hostNotFound('foreign-path');

  const regime = regimeOf(entry.slug);
  const landing: RouteDecision = {
    kind: 'rewrite',
    pathname: regime === hostRegime ? entry.path : landingVariantPage(entry.path, regime),
    entry,
    ...byVisitorRegime,
  };
  // Spec §2: a URL without a locale shows the stored language choice, when the host offers it;
  // without one, the first of the browser's languages the host offers, else its default.
  if (request.explicitLocale) return landing;
  // The answer to a URL without a locale depends on the language cookie and Accept-Language: caches must know.
  const language = resolvePageLanguage(
    request.storedLanguage,
    negotiateLanguage(request.acceptLanguage, offered) ?? request.locale,
    offered,
  );
  if (language !== request.locale)
    return { kind: 'redirect', pathname: '/', locale: language, byVisitorLanguage: language };
  return { ...landing, byVisitorLanguage: language };
}

/** Whether a raw request path names a website locale as its first segment. */
export function pathNamesLocale(rawPathname: string): boolean {
  return isWebsiteLocale(rawPathname.split('/')[1]);
}
