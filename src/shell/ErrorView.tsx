import Head from 'next/head';
import { HeadAfterNavigation } from './HeadAfterNavigation';
import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { Container, theme } from '@/theme';
import { PageLayout } from './PageLayout';

export interface ErrorViewProps {
  status: number;
  title: string;
  body: string;
  /** Extra line, e.g. the spec's technical error message. */
  detail?: string;
  /** Whether a home page exists to send the visitor to. */
  showHome?: boolean;
  /** A way on when there is no home page here, e.g. to the booking service. */
  action?: { href: string; label: string };
  year: number;
  legalOrigin?: string;
  /** More ways on, below the actions. */
  children?: ReactNode;
}

export function ErrorView({
  status,
  title,
  body,
  detail,
  showHome = true,
  action,
  year,
  legalOrigin,
  children,
}: ErrorViewProps) {
  const { t } = useTranslation('microsites');
  return (
    <PageLayout year={year} legalOrigin={legalOrigin}>
      <HeadAfterNavigation>
        <Head>
          <title>{`${title} | ${t('brand.name')}`}</title>
          <meta name="robots" content="noindex" />
        </Head>
      </HeadAfterNavigation>
      <Panel>
        <Code>{t('errors.code', { status })}</Code>
        <h1>{title}</h1>
        <p>{body}</p>
        {showHome && <Home href="/">{t('errors.home')}</Home>}
        {action && <Home href={action.href}>{action.label}</Home>}
        {children}
        {detail && <Detail>{detail}</Detail>}
      </Panel>
    </PageLayout>
  );
}

const Panel = styled(Container)`
  padding-top: ${theme.space.xxl};
  max-width: 720px;
  h1 {
    font-size: ${theme.fontSizes.xl};
    margin: ${theme.space.sm} 0 ${theme.space.md};
  }
  p {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.md};
  }
`;

const Code = styled.p`
  && {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.brandStrong};
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`;

const Detail = styled.p`
  && {
    margin-top: ${theme.space.md};
    font-size: ${theme.fontSizes.xs};
  }
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
`;

const Home = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 48px;
  margin-top: ${theme.space.lg};
  /* A label that wraps on a phone keeps its breathing room inside the pill. */
  padding: ${theme.space.sm} ${theme.space.lg};
  text-align: center;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    background: ${theme.colors.brandStrong};
  }
`;
