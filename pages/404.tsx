import { useTranslation } from 'next-i18next/pages';
import { ErrorView } from '@/shell/ErrorView';
import { shellStaticProps, type StaticShellProps } from '@/shell/errorPages';
import { SHELL_COPY } from '@/shell/shellCopy';

export const getStaticProps = shellStaticProps(SHELL_COPY);

export default function NotFoundPage({ year }: StaticShellProps) {
  const { t } = useTranslation('microsites');
  return <ErrorView status={404} title={t('errors.notFound.title')} body={t('errors.notFound.body')} year={year} />;
}
