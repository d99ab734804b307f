import Head from 'next/head';
import { Fragment } from 'react';
import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { formatDate } from '@/i18n/regionalLocale';
import { DEFAULT_LOCALE } from '@/i18n/websiteLocales';
import { PageLayout } from '@/shell/PageLayout';
import type { LegalDocument } from '@/tenancy/routeRequest';
import { Container } from '@/theme';
import type { StorageCategory } from '@/consent/storageKeys';
import { StorageTable } from './StorageTable';

export interface LegalProps {
  doc: LegalDocument;
  /** ISO date of the text's last change, shown as the host's country writes it. */
  updated: string;
  /** The regional locale of the hosts this page serves (pages/legal/[doc]/[format].tsx). */
  formatLocale: string;
  year: number;
}

/** The cookie policy's paragraphs that introduce a category, each followed by its table. */
const STORAGE_SECTIONS: Partial<Record<string, StorageCategory>> = { essential: 'necessary', analytics: 'analytics', monitoring: 'monitoring' };

/** The paragraphs of each document, in reading order, from the `legal` namespace (spec §1). */
const SECTIONS: Record<LegalDocument, readonly string[]> = {
  terms: ['intro', 'booking', 'items', 'cancellation', 'liability'],
  privacy: ['intro', 'collect', 'use', 'rights'],
  cookies: ['intro', 'change', 'essential', 'analytics', 'monitoring'],
};

export function LegalView({ doc, updated, formatLocale, year }: LegalProps) {
  const { t, i18n } = useTranslation('legal');
  const title = t(`${doc}.title`);
  const date = formatDate(updated, formatLocale);
  const home = i18n.language === DEFAULT_LOCALE ? '/' : `/${i18n.language}`;
  return (
    <PageLayout year={year}>
      <Head>
        <title>{`${title} | Bagberth`}</title>
        {/* The same text on every host: kept out of search results, links still followed. */}
        <meta name="robots" content="noindex, follow" />
      </Head>
      <Article>
        <h1>{title}</h1>
        <Updated>{t('updated', { date })}</Updated>
        {SECTIONS[doc].map((section) => {
          const category = doc === 'cookies' ? STORAGE_SECTIONS[section] : undefined;
          return (
            <Fragment key={section}>
              <p>{t(`${doc}.${section}`)}</p>
              {category && <StorageTable category={category} />}
            </Fragment>
          );
        })}
        {/* The operator as the content service's legal namespace names it (embedded default in locales/). */}
        <h2>{t('operator.heading')}</h2>
        <address>
          {t('operator.name')}
          <br />
          {t('operator.address')}
          <br />
          {t('operator.contact')}: <a href={`mailto:${t('operator.email')}`}>{t('operator.email')}</a>
        </address>
        {/* On a tenant host its root is the landing page; on the microsites host, the directory. */}
        <Back href={home}>← {t('back')}</Back>
      </Article>
    </PageLayout>
  );
}

const Article = styled(Container)`
  max-width: 760px;
  padding-top: ${({ theme }) => theme.space.xl};
  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  p + p { margin-top: ${({ theme }) => theme.space.md}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.sm}; }
  address { font-style: normal; }
`;

const Back = styled.a`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space.xl};
  font-weight: 700;
`;

const Updated = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  margin-bottom: ${({ theme }) => theme.space.lg} !important;
`;
