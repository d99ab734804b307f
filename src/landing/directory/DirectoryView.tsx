import Head from 'next/head';
import { HeadAfterNavigation } from '@/shell/HeadAfterNavigation';
import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { PageLayout } from '@/shell/PageLayout';
import { Container, theme } from '@/theme';
import type { DirectoryProps } from './types';

/** The shared microsites host's home: every tenant with its page and a preview link. */
export function DirectoryView({ rows, year }: DirectoryProps) {
  const { t } = useTranslation('microsites');
  return (
    <PageLayout year={year}>
      <HeadAfterNavigation>
        <Head>
          <title>{`${t('directory.title')} | ${t('brand.name')}`}</title>
          <meta name="robots" content="noindex" />
        </Head>
      </HeadAfterNavigation>
      <Body>
        <h1>{t('directory.title')}</h1>
        <p>{t('directory.intro')}</p>
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('directory.host')}</th>
                <th scope="col">{t('directory.page')}</th>
                <th scope="col">{t('directory.languages')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.domain}>
                  <td data-label={t('directory.host')}>
                    <a href={row.previewUrl}>{row.domain}</a>
                  </td>
                  <td data-label={t('directory.page')}>
                    <a href={row.path}>{row.placeName}</a> <Path>{row.path}</Path>
                  </td>
                  <td data-label={t('directory.languages')}>{row.locales.join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </Body>
    </PageLayout>
  );
}

const Body = styled(Container)`
  padding-top: ${theme.space.xl};
  h1 {
    font-size: ${theme.fontSizes.xl};
    margin-bottom: ${theme.space.sm};
  }
  > p {
    color: ${theme.colors.muted};
    margin-bottom: ${theme.space.lg};
  }
`;

const TableWrap = styled.div`
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${theme.fontSizes.xs};
  }
  th,
  td {
    text-align: left;
    padding: ${theme.space.sm};
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
  }
  th {
    background: ${theme.colors.surfaceAlt};
  }
  /* On a phone each host is a card: its cells stacked, each labelled with its column's heading. */
  @media (max-width: ${theme.breakpoints.tablet - 1}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tr {
      display: block;
      padding: ${theme.space.sm} 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    td {
      display: flex;
      flex-wrap: wrap;
      gap: 0 ${theme.space.sm};
      border: 0;
      padding: 2px 0;
    }
    td::before {
      content: attr(data-label);
      flex: 0 0 7.5em;
      font-weight: 700;
      color: ${theme.colors.muted};
    }
  }
`;

const Path = styled.code`
  color: ${theme.colors.muted};
`;
