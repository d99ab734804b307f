import type { GetStaticPaths, GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';
import { withCopy } from '@/i18n/pageCopy';
import { spelledFor } from '@/i18n/regionalLocale';
import { isWebsiteLocale } from '@/i18n/websiteLocales';
import { legalFacts } from '@/landing/legal/legalFacts';
import { LegalView, type LegalProps } from '@/landing/legal/LegalView';
import { SHELL_COPY } from '@/shell/shellCopy';
import { isConsentRegime, type ConsentRegime } from '@/tenancy/consentRegime';
import { sharedPageFormats } from '@/tenancy/hostFormat';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@/tenancy/routeRequest';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

/** When the legal texts last changed. */
const LEGAL_TEXT_UPDATED = '2026-12-01';

type LegalParams = { doc: LegalDocument; format: string; regime: ConsentRegime };

/**
 * Each document in each locale as every host's country writes it, in that host's consent regime
 * (an opt-out host's cookie policy must not ask first and purge what its landing page stored); the
 * middleware picks one per host.
 */
export const getStaticPaths: GetStaticPaths<LegalParams> = async () => ({
  paths: LEGAL_DOCUMENTS.flatMap((doc) =>
    sharedPageFormats(DOMAIN_ENTRIES).map(({ locale, formatLocale, regime }) => ({
      params: { doc, format: formatLocale, regime },
      locale,
    })),
  ),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LegalProps, LegalParams> = async ({ params, locale }) => {
  if (!params || !LEGAL_DOCUMENTS.includes(params.doc) || !isConsentRegime(params.regime) || !isWebsiteLocale(locale))
    return { notFound: true };
  const { translations, revalidate } = await loadPageContent(locale, withCopy(SHELL_COPY, { legal: true }));
  // The operator's facts are spelled like the copy: a Swiss page writes "Strasse".
  const { facts, ...copy } = spelledFor(params.format, { facts: legalFacts(locale), ...translations });
  return {
    props: {
      doc: params.doc,
      updated: LEGAL_TEXT_UPDATED,
      formatLocale: params.format,
      consentRegime: params.regime,
      year: new Date().getUTCFullYear(),
      facts,
      ...copy,
    },
    ...(revalidate && { revalidate }),
  };
};

export default LegalView;
