import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { STORAGE_ENTRIES, type StorageCategory, type StorageEntry } from '@/consent/storageKeys';
import { period } from './format';
import { theme } from '@/theme';

function lifetimeText(lifetime: StorageEntry['lifetime'], locale: string, t: (key: string) => string): string {
  if (typeof lifetime === 'string') return t(`cookies.lifetime.${lifetime}`);
  return period(lifetime, locale);
}

/** The cookies and storage keys of one category, from the list the code purges by (consent/storageKeys.ts). */
export function StorageTable({ category }: { category: StorageCategory }) {
  const { t, i18n } = useTranslation('legal');
  const entries = STORAGE_ENTRIES.filter((entry) => entry.category === category);
  return (
    <Wrap>
      <Table>
        <thead>
          <tr>
            <th scope="col">{t('cookies.columns.name')}</th>
            <th scope="col">{t('cookies.columns.kind')}</th>
            <th scope="col">{t('cookies.columns.provider')}</th>
            <th scope="col">{t('cookies.columns.lifetime')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.kind}:${entry.name}`}>
              <td data-label={t('cookies.columns.name')}>
                <code>{entry.name}</code>
              </td>
              <td data-label={t('cookies.columns.kind')}>{t(`cookies.kinds.${entry.kind}`)}</td>
              <td data-label={t('cookies.columns.provider')}>{entry.provider}</td>
              <td data-label={t('cookies.columns.lifetime')}>{lifetimeText(entry.lifetime, i18n.language, t)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Wrap>
  );
}

const Wrap = styled.div`
  margin: ${theme.space.sm} 0 ${theme.space.lg};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.xs};
  th,
  td {
    text-align: start;
    padding: ${theme.space.xs} ${theme.space.sm};
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: top;
  }
  th {
    font-weight: 700;
  }
  code {
    overflow-wrap: normal;
    white-space: nowrap;
  }
  /*
   * Four columns do not fit a phone: the names squeezed the others to a letter wide. There each
   * key is a card, its cells stacked and labelled with their column's heading.
   */
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
      gap: ${theme.space.sm};
      border: 0;
      padding: 2px 0;
    }
    td::before {
      content: attr(data-label);
      flex: 0 0 7em;
      font-weight: 700;
      color: ${theme.colors.muted};
      overflow-wrap: normal;
    }
    code {
      white-space: normal;
      overflow-wrap: anywhere;
    }
  }
`;
