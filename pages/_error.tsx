import type { NextPageContext } from 'next';
import { useTranslation } from 'next-i18next/pages';
import { ErrorView } from '@/shell/ErrorView';

interface ErrorPageProps {
  statusCode: number;
}

/** Client-side render errors end here; static 404 and 500 pages cover the server's errors. */
function ErrorPage({ statusCode }: ErrorPageProps) {
  const { t } = useTranslation('microsites');
  const notFound = statusCode === 404;
  return (
    <ErrorView
      status={statusCode}
      title={t(notFound ? 'errors.notFound.title' : 'errors.serverError.title')}
      body={t(notFound ? 'errors.notFound.body' : 'errors.serverError.body')}
      year={new Date().getUTCFullYear()}
    />
  );
}

ErrorPage.getInitialProps = async ({ res, err, locale }: NextPageContext) => {
  const statusCode = res?.statusCode ?? err?.statusCode ?? 500;
  // Server-only branch: Next drops it (and the fs-reading loader) from browser bundles.
  if (typeof window === 'undefined') {
    const [{ loadTranslations }, { SHELL_COPY }] = await Promise.all([
      import('@/i18n/serverTranslations'),
      import('@/shell/shellCopy'),
    ]);
    return { statusCode, ...(await loadTranslations(locale, SHELL_COPY)) };
  }
  return { statusCode };
};

export default ErrorPage;
