import type { NextApiRequest, NextApiResponse } from 'next';
import { serverEnv } from '@/config/serverEnv';
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  choiceFromForm,
  parseConsent,
  refusedCategories,
  serializeConsent,
  type ConsentFormFields,
} from '@/consent/record';
import { savedPageHtml } from '@/consent/SavedPage';
import { savedPageCopy } from '@/consent/savedPageCopy';
import { DEFAULT_LOCALE, isWebsiteLocale } from '@/i18n/websiteLocales';
import { cookieDomains } from '@/consent/cookieDomains';
import { namesToPurge } from '@/consent/storageKeys';
import { isOwnSitePost } from '@/security/formProvenance';
import { isHttps, requestOrigin } from '@/security/serverHeaders';
import { requestHost } from '@/tenancy/normalizeHost';

/** A path of this host only, never another site's address. */
const ownPath = (path: string) => (/^\/(?![/\\])/.test(path) ? path : '/');

/** Back to the page the form was on. */
function returnPath(referer: string | undefined): string {
  try {
    const { pathname, search } = new URL(referer ?? '');
    return ownPath(`${pathname}${search}`);
  } catch {
    return '/';
  }
}

/** Where a recorded choice is shown: this route's GET, with the way back. */
const savedPageUrl = (back: string) => `/api/consent?${new URLSearchParams({ back })}`;

const field = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The cookie banner's form without JavaScript (or before the app has started): records the
 * choice in the consent cookie, deletes the refused categories' cookies (host-only and on each
 * parent domain, as the request cannot say which), and shows it as recorded, with the way back
 * (303 to its GET). Their other storage goes on the next page that runs scripts (consent/purgeRefused.ts).
 * Only this host's own pages may post it: another site could otherwise record "all" for a visitor.
 */
export default function consentRoute(request: NextApiRequest, response: NextApiResponse) {
  response.setHeader('Cache-Control', 'private, no-store');
  if (request.method === 'GET') return showSaved(request, response);
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'GET, POST');
    return response.status(405).json({ error: 'Method not allowed' });
  }
  const host = requestHost(request.headers.host, request.headers['x-forwarded-host'], serverEnv.trustProxyHops);
  if (!isOwnSitePost(request.headers, requestOrigin(request, serverEnv.trustProxyHops))) {
    return response.status(403).json({
      error:
        "Consent can only be given from this site's own pages; this request came from another site or did not say where it came from",
    });
  }
  const body: Record<string, unknown> = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const fields: ConsentFormFields = {
    choice: field(body.choice),
    analytics: field(body.analytics),
    monitoring: field(body.monitoring),
  };
  const choice = choiceFromForm(fields);
  if (!choice) return response.status(400).json({ error: 'choice must be all, none or custom' });

  const attributes = `Path=/; SameSite=Lax${isHttps(request, serverEnv.trustProxyHops) ? '; Secure' : ''}`;
  const purged = namesToPurge('cookie', Object.keys(request.cookies), refusedCategories(choice)).flatMap((name) => [
    `${name}=; Max-Age=0; ${attributes}`,
    ...cookieDomains(host).map((domain) => `${name}=; Max-Age=0; Domain=${domain}; ${attributes}`),
  ]);
  response.setHeader('Set-Cookie', [
    `${CONSENT_COOKIE}=${serializeConsent(choice, new Date())}; Max-Age=${CONSENT_LIFETIME_DAYS * 86_400}; ${attributes}`,
    ...purged,
  ]);
  // Post/Redirect/Get: a reload of what follows does not post the form again.
  response.setHeader('Location', savedPageUrl(returnPath(request.headers.referer)));
  return response.status(303).end();
}

/** The choice as the browser sent it back, in the language of the page the form was on. */
async function showSaved(request: NextApiRequest, response: NextApiResponse) {
  const back = ownPath(typeof request.query.back === 'string' ? request.query.back : '/');
  const segment = back.split(/[/?#]/)[1];
  const lang = isWebsiteLocale(segment) ? segment : DEFAULT_LOCALE;
  const html = savedPageHtml({
    lang,
    copy: await savedPageCopy(lang),
    recorded: parseConsent(request.cookies[CONSENT_COOKIE], new Date()),
    back,
  });
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  return response.status(200).send(html);
}
