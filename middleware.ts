import { NextResponse, type NextRequest } from 'next/server';
import { serverEnv } from '@/config/serverEnv';
import {
  CHOOSE_LANGUAGE_PARAM,
  LANGUAGE_CHOICE_HEADER,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  storedLanguageIn,
} from '@/i18n/pageLanguage';
import { VISITOR_REGIME_HEADER, visitorAsksFirst } from '@/tenancy/consentRegime';
import { requestHost } from '@/tenancy/normalizeHost';
import { pathNamesLocale, routeRequest } from '@/tenancy/routeRequest';
import { routingContext } from '@/tenancy/routingContext';
import { throttledWarning } from '@/tenancy/throttledWarning';
import { edgeWarn } from '@/base/logger';

// A warning, not an error: scanners send unknown hosts all day (docs/ops.md, "Server logs").
const warnUnknownHost = throttledWarning(edgeWarn, 10_000);

/**
 * Cache rules a CDN in front must follow (see docs/security.md): an answer that depends on the
 * language cookie and Accept-Language varies by them; the switcher's redirect, which sets the
 * cookie, and every 404 are never stored (a host pointed at the CDN before its entry ships must
 * not keep saying "No mapping").
 */
const NO_STORE = 'private, no-store';
/**
 * The bare root's redirect to the visitor's language is the same for everyone with that language:
 * the proxy keeps it as it keeps the page (deploy/nginx.conf.template), so a returning visitor's
 * `/` is one cached answer. Browsers ask again each time.
 */
const LANGUAGE_REDIRECT_CACHE = 'public, max-age=0, s-maxage=3600';
const BY_VISITOR_LANGUAGE = 'Cookie, Accept-Language';

/** Edge entry: maps the Host to its landing page. All decisions live in src/tenancy/routeRequest. */
export function middleware(request: NextRequest) {
  const host = requestHost(
    request.headers.get('host'),
    request.headers.get('x-forwarded-host'),
    serverEnv.trustProxyHops,
  );
  const decision = routeRequest(
    {
      host,
      pathname: request.nextUrl.pathname,
      locale: request.nextUrl.locale,
      // Client navigations (data requests) always say where they are going.
      explicitLocale: request.headers.has('x-nextjs-data') || pathNamesLocale(new URL(request.url).pathname),
      storedLanguage: storedLanguageIn(request.headers.get('cookie')),
      chosenLanguage: request.nextUrl.searchParams.get(CHOOSE_LANGUAGE_PARAM) ?? undefined,
      acceptLanguage: request.headers.get('accept-language') ?? undefined,
      visitorAsksFirst: visitorAsksFirst(request.headers.get(VISITOR_REGIME_HEADER), serverEnv.behindProxy),
    },
    routingContext,
  );

  const url = request.nextUrl.clone();
  switch (decision.kind) {
    case 'pass':
      return NextResponse.next();
    case 'rewrite': {
      url.pathname = decision.pathname;
      if (decision.search !== undefined) url.search = decision.search;
      const response = NextResponse.rewrite(url);
      const vary = [
        decision.byVisitorLanguage && BY_VISITOR_LANGUAGE,
        decision.byVisitorRegime && VISITOR_REGIME_HEADER,
      ].filter(Boolean);
      if (vary.length > 0) response.headers.set('vary', vary.join(', '));
      if (decision.byVisitorLanguage) response.headers.set(LANGUAGE_CHOICE_HEADER, decision.byVisitorLanguage);
      return response;
    }
    case 'redirect': {
      url.pathname = decision.pathname;
      url.locale = decision.locale;
      if (!decision.storeLanguage) {
        const response = NextResponse.redirect(url, 307);
        if (decision.byVisitorLanguage) {
          response.headers.set('cache-control', LANGUAGE_REDIRECT_CACHE);
          response.headers.set('vary', BY_VISITOR_LANGUAGE);
          response.headers.set(LANGUAGE_CHOICE_HEADER, decision.byVisitorLanguage);
        }
        return response;
      }
      url.searchParams.delete(CHOOSE_LANGUAGE_PARAM);
      const response = NextResponse.redirect(url, 303);
      response.headers.set('cache-control', NO_STORE);
      response.cookies.set(LANGUAGE_COOKIE, decision.storeLanguage, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_DAYS * 24 * 60 * 60,
        sameSite: 'lax',
        secure: url.protocol === 'https:',
      });
      return response;
    }
    case 'not-found':
      if (decision.reason === 'unknown-host')
        warnUnknownHost(`[tenancy] No mapping found for origin: host=${JSON.stringify(host.slice(0, 253))}`);
      url.pathname = decision.page;
      if (decision.locale) url.locale = decision.locale;
      return NextResponse.rewrite(url, { status: 404, headers: { 'cache-control': NO_STORE } });
  }
}

export const config = {
  // Next prefixes each source with the locale and the /_next/data/{build} form, so data
  // requests match once `.json` is allowed; the root needs its own entry. API routes, build
  // assets and other files with an extension are skipped, but for the per-host files.
  matcher: [
    '/',
    '/((?!api/|_next/static/|_next/image|.*\\.(?!json$)[a-zA-Z0-9]+$).*)',
    '/sitemap.xml',
    '/robots.txt',
    '/og/:page*',
  ],
};
