import type { GetStaticPaths, GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';
import { withCopy } from '@/i18n/pageCopy';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { LegalView, type LegalProps } from '@/landing/legal/LegalView';
import { SHELL_COPY } from '@/shell/shellCopy';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@/tenancy/routeRequest';

/** When the legal texts last changed. */
const LEGAL_TEXT_UPDATED = '2026-11-01';

export const getStaticPaths: GetStaticPaths<{ doc: LegalDocument }> = async () => ({
  paths: LEGAL_DOCUMENTS.flatMap((doc) => WEBSITE_LOCALES.map((locale) => ({ params: { doc }, locale }))),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LegalProps, { doc: LegalDocument }> = async ({ params, locale }) => {
  if (!params || !LEGAL_DOCUMENTS.includes(params.doc)) return { notFound: true };
  const { translations, revalidate } = await loadPageContent(locale, withCopy(SHELL_COPY, { legal: true }));
  return {
    props: { doc: params.doc, updated: LEGAL_TEXT_UPDATED, year: new Date().getUTCFullYear(), ...translations },
    ...(revalidate && { revalidate }),
  };
};

export default LegalView;
