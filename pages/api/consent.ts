import type { NextApiRequest, NextApiResponse } from 'next';
import { serverEnv } from '@/config/serverEnv';
import { CONSENT_COOKIE, CONSENT_LIFETIME_DAYS, choiceFromForm, refusedCategories, serializeConsent, type ConsentFormFields } from '@/consent/record';
import { cookieDomains } from '@/consent/cookieDomains';
import { namesToPurge } from '@/consent/storageKeys';
import { isOwnSitePost } from '@/security/formProvenance';
import { isHttps, requestOrigin } from '@/security/serverHeaders';
import { requestHost } from '@/tenancy/normalizeHost';

/** Back to the page the form was on: a path of this host only, never another site. */
function returnPath(referer: string | undefined): string {
  try {
    const { pathname, search } = new URL(referer ?? '');
    return /^\/(?![/\\])/.test(pathname) ? `${pathname}${search}` : '/';
  } catch {
    return '/';
  }
}

const field = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The cookie banner's form without JavaScript (or before the app has started): records the
 * choice in the consent cookie, deletes the refused categories' cookies (host-only and on each
 * parent domain, as the request cannot say which), and goes back (303). Their other storage goes
 * on the next page that runs scripts (consent/purgeRefused.ts).
 * Only this host's own pages may post it: another site could otherwise record "all" for a visitor.
 */
export default function consentRoute(request: NextApiRequest, response: NextApiResponse) {
  response.setHeader('Cache-Control', 'private, no-store');
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    return response.status(405).json({ error: 'Method not allowed' });
  }
  const host = requestHost(request.headers.host, request.headers['x-forwarded-host'], serverEnv.trustProxyHops);
  if (!isOwnSitePost(request.headers, requestOrigin(request, serverEnv.trustProxyHops))) {
    return response.status(403).json({ error: "Consent can only be given from this site's own pages; this request came from another site or did not say where it came from" });
  }
  const body: Record<string, unknown> = typeof request.body === 'object' && request.body !== null ? request.body : {};
  const fields: ConsentFormFields = { choice: field(body.choice), analytics: field(body.analytics), monitoring: field(body.monitoring) };
  const choice = choiceFromForm(fields);
  if (!choice) return response.status(400).json({ error: 'choice must be all, none or custom' });

  const attributes = `Path=/; SameSite=Lax${isHttps(request, serverEnv.trustProxyHops) ? '; Secure' : ''}`;
  const purged = namesToPurge('cookie', Object.keys(request.cookies), refusedCategories(choice)).flatMap((name) => [
    `${name}=; Max-Age=0; ${attributes}`,
    ...cookieDomains(host).map((domain) => `${name}=; Max-Age=0; Domain=${domain}; ${attributes}`),
  ]);
  response.setHeader('Set-Cookie', [`${CONSENT_COOKIE}=${serializeConsent(choice, new Date())}; Max-Age=${CONSENT_LIFETIME_DAYS * 86_400}; ${attributes}`, ...purged]);
  response.setHeader('Location', returnPath(request.headers.referer));
  return response.status(303).end();
}
