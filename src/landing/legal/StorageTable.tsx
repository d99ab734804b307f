import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { STORAGE_ENTRIES, type StorageCategory, type StorageEntry } from '@/consent/storageKeys';

function lifetimeText(lifetime: StorageEntry['lifetime'], locale: string, t: (key: string) => string): string {
  if (typeof lifetime === 'string') return t(`cookies.lifetime.${lifetime}`);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: lifetime.unit, unitDisplay: 'long' }).format(lifetime.count);
}

/** The cookies and storage keys of one category, from the list the code purges by (consent/storageKeys.ts). */
export function StorageTable({ category }: { category: StorageCategory }) {
  const { t, i18n } = useTranslation('legal');
  const entries = STORAGE_ENTRIES.filter((entry) => entry.category === category);
  return (
    <Scroll>
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
              <td>
                <code>{entry.name}</code>
              </td>
              <td>{t(`cookies.kinds.${entry.kind}`)}</td>
              <td>{entry.provider}</td>
              <td>{lifetimeText(entry.lifetime, i18n.language, t)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}

/* On a phone the table scrolls inside its own box, never the page. */
const Scroll = styled.div`
  overflow-x: auto;
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.lg};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  th, td { text-align: start; padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { font-weight: 700; }
  code { overflow-wrap: normal; white-space: nowrap; }
`;
