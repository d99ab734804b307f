import { DEFAULT_LOCALE } from '@/i18n/websiteLocales';
import { normalizeHost, stripPreviewSuffix } from './normalizeHost';
import type { DomainEntry } from './types';

export type RevalidationTargets =
  | { ok: true; paths: string[]; hosts: string[]; micrositesPaths: string[] }
  | { ok: false; status: 400 | 404; message: string };

const BODY_HELP =
  'expected a JSON body with either "host" (a tenant domain) or "slug" (a place), e.g. {"host":"kingscross-bagberth.co.uk"}';

/**
 * The page paths to regenerate for `POST /api/revalidate` (docs/deploy.md): every locale of the
 * page a tenant host serves, or of every page of a place slug. Paths are as the microsites host
 * serves them, the default locale without a prefix; alias hosts share one page, listed once.
 * `hosts` are the tenant domains serving those pages, whose copies a caching proxy must drop.
 * `micrositesPaths` are the paths under which the microsites host serves the same pages, as a
 * proxy may hold them: `paths`, and the default locale with its prefix too, as the page-data
 * URLs (`/_next/data/<build>/en/…json`) name it.
 */
export function revalidationTargets(body: unknown, entries: readonly DomainEntry[]): RevalidationTargets {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, status: 400, message: BODY_HELP };
  const { host, slug } = body as { host?: unknown; slug?: unknown };
  if (
    (host === undefined) === (slug === undefined) ||
    (host !== undefined && typeof host !== 'string') ||
    (slug !== undefined && typeof slug !== 'string')
  ) {
    return { ok: false, status: 400, message: BODY_HELP };
  }
  const matches =
    typeof host === 'string'
      ? entries.filter((entry) => entry.domain === stripPreviewSuffix(normalizeHost(host)))
      : entries.filter((entry) => entry.slug === slug);
  if (matches.length === 0) {
    return {
      ok: false,
      status: 404,
      message:
        typeof host === 'string'
          ? `No tenant host ${JSON.stringify(host)}`
          : `No place with slug ${JSON.stringify(slug)}`,
    };
  }
  const paths = matches.flatMap((entry) =>
    entry.locales.map((locale) => (locale === DEFAULT_LOCALE ? entry.path : `/${locale}${entry.path}`)),
  );
  const pages = new Set(matches.map((entry) => entry.path));
  const hosts = entries.filter((entry) => pages.has(entry.path)).map((entry) => entry.domain);
  const prefixedDefault = matches
    .filter((entry) => entry.locales.includes(DEFAULT_LOCALE))
    .map((entry) => `/${DEFAULT_LOCALE}${entry.path}`);
  return {
    ok: true,
    paths: [...new Set(paths)],
    hosts: [...new Set(hosts)],
    micrositesPaths: [...new Set([...paths, ...prefixedDefault])],
  };
}
