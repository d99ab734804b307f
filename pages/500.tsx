import { useTranslation } from 'next-i18next/pages';
import { ErrorView } from '@/shell/ErrorView';
import { shellStaticProps, type StaticShellProps } from '@/shell/errorPages';
import { SHELL_COPY } from '@/shell/shellCopy';

export const getStaticProps = shellStaticProps(SHELL_COPY);

export default function ServerErrorPage({ year }: StaticShellProps) {
  const { t } = useTranslation('microsites');
  return (
    <ErrorView status={500} title={t('errors.serverError.title')} body={t('errors.serverError.body')} year={year} />
  );
}
