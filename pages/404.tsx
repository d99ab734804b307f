import { useTranslation } from 'next-i18next/pages';
import { ErrorView } from '@/shell/ErrorView';
import { getShellStaticProps, type StaticShellProps } from '@/shell/errorPages';

export const getStaticProps = getShellStaticProps;

export default function NotFoundPage({ year }: StaticShellProps) {
  const { t } = useTranslation('microsites');
  return <ErrorView status={404} title={t('errors.notFound.title')} body={t('errors.notFound.body')} year={year} />;
}
