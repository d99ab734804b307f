import Head from 'next/head';
import { HeadAfterNavigation } from '@/shell/HeadAfterNavigation';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { labelColon } from '@/i18n/labelColon';
import { formatDate } from '@/i18n/regionalLocale';
import { DEFAULT_LOCALE } from '@/i18n/websiteLocales';
import { PageLayout } from '@/shell/PageLayout';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import type { LegalDocument } from '@/tenancy/routeRequest';
import { Container, theme } from '@/theme';
import type { StorageCategory } from '@/consent/storageKeys';
import { AddressLines, MailLink } from './blocks';
import { duration, period } from './format';
import { ImprintText } from './ImprintText';
import type { LegalFacts } from './legalFacts';
import { PrivacyText } from './PrivacyText';
import { StorageTable } from './StorageTable';
import { TermsText } from './TermsText';

export interface LegalProps {
  doc: LegalDocument;
  /** ISO date of the text's last change, shown as the host's country writes it. */
  updated: string;
  /** The regional locale of the hosts this page serves (pages/legal/[doc]/[format]/[regime].tsx). */
  formatLocale: string;
  /** The consent regime of the hosts this page serves: the banner's, as on their landing pages. */
  consentRegime: ConsentRegime;
  year: number;
  facts: LegalFacts;
}

/** The cookie policy's paragraphs, each category's followed by its table (spec §1). */
const COOKIE_SECTIONS: ReadonlyArray<readonly [paragraph: string, category?: StorageCategory]> = [
  ['intro'],
  ['change'],
  ['essential', 'necessary'],
  ['analytics', 'analytics'],
  ['monitoring', 'monitoring'],
];

function CookiesText({ facts, locale }: { facts: LegalFacts; locale: string }) {
  const { t } = useTranslation('legal');
  const values = {
    idle: duration(facts.datadogVisit.idleMinutes, 'minute', locale),
    longest: duration(facts.datadogVisit.longestHours, 'hour', locale),
    kept: period(facts.datadogCookie, locale),
  };
  return COOKIE_SECTIONS.map(([paragraph, category]) => (
    <Fragment key={paragraph}>
      <p>{t(`cookies.${paragraph}`, values)}</p>
      {category && <StorageTable category={category} />}
    </Fragment>
  ));
}

const TEXTS: Record<LegalDocument, (props: { facts: LegalFacts; locale: string }) => ReactNode> = {
  terms: TermsText,
  privacy: PrivacyText,
  cookies: CookiesText,
  imprint: ImprintText,
};

export function LegalView({ doc, updated, formatLocale, year, facts }: LegalProps) {
  const { t, i18n } = useTranslation('legal');
  const title = t(`${doc}.title`);
  const date = formatDate(updated, formatLocale);
  const home = i18n.language === DEFAULT_LOCALE ? '/' : `/${i18n.language}`;
  const Text = TEXTS[doc];
  return (
    <PageLayout year={year}>
      <HeadAfterNavigation>
        <Head>
          <title>{`${title} | Bagberth`}</title>
          {/* The same text on every host: kept out of search results, links still followed. */}
          <meta name="robots" content="noindex, follow" />
        </Head>
      </HeadAfterNavigation>
      <Article>
        <h1>{title}</h1>
        <Updated>{t('updated', { date })}</Updated>
        <Text facts={facts} locale={formatLocale} />
        {/* The imprint is all about the operator; the other texts end with who runs the site. */}
        {doc !== 'imprint' && (
          <>
            <h2>{t('operator.heading')}</h2>
            <address>
              {facts.operator.legalName}
              <br />
              <AddressLines address={facts.operator.address} locale={formatLocale} />
              <br />
              {t('operator.contact')}
              {labelColon(i18n.language)}
              <MailLink email={facts.operator.email} />
            </address>
          </>
        )}
        {/* On a tenant host its root is the landing page; on the microsites host, the directory. */}
        <Back href={home}>← {t('back')}</Back>
      </Article>
    </PageLayout>
  );
}

const Article = styled(Container)`
  max-width: 760px;
  padding-top: ${theme.space.xl};
  h1 {
    font-size: ${theme.fontSizes.xl};
    margin-bottom: ${theme.space.sm};
  }
  p + p,
  p + address,
  address + p {
    margin-top: ${theme.space.md};
  }
  h2 {
    font-size: ${theme.fontSizes.md};
    margin: ${theme.space.xl} 0 ${theme.space.sm};
  }
  h3 {
    font-size: ${theme.fontSizes.sm};
    margin-bottom: ${theme.space.xs};
  }
  address {
    font-style: normal;
  }
`;

const Back = styled.a`
  display: inline-block;
  margin-top: ${theme.space.xl};
  font-weight: 700;
`;

const Updated = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
  margin-bottom: ${theme.space.lg} !important;
`;
