import { useTranslation } from 'next-i18next/pages';
import { ErrorView } from '@/shell/ErrorView';
import { getShellStaticProps, type StaticShellProps } from '@/shell/errorPages';

export const getStaticProps = getShellStaticProps;

export default function ServerErrorPage({ year }: StaticShellProps) {
  const { t } = useTranslation('microsites');
  return <ErrorView status={500} title={t('errors.serverError.title')} body={t('errors.serverError.body')} year={year} />;
}
