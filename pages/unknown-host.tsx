import { useTranslation } from 'next-i18next/pages';
import { publicEnv } from '@/config/publicEnv';
import { ErrorView } from '@/shell/ErrorView';
import { withCopy } from '@/i18n/pageCopy';
import { shellStaticProps, type StaticShellProps } from '@/shell/errorPages';
import { SHELL_COPY } from '@/shell/shellCopy';
import { NO_MAPPING_MESSAGE } from '@/tenancy/resolveTenant';

export const getStaticProps = shellStaticProps(withCopy(SHELL_COPY, { microsites: ['errors.unknownHost'] }));

/** Served by the middleware, always with status 404, for a host with no tenant mapping. */
export default function UnknownHostPage({ year }: StaticShellProps) {
  const { t } = useTranslation('microsites');
  return (
    <ErrorView
      status={404}
      title={t('errors.unknownHost.title')}
      body={t('errors.unknownHost.body')}
      detail={t('errors.unknownHost.detail', { message: NO_MAPPING_MESSAGE })}
      showHome={false}
      action={{ href: `${new URL(publicEnv.customerAppUrl).origin}/`, label: t('errors.unknownHost.action') }}
      // This host serves nothing, so the legal pages are the microsites site's.
      legalOrigin={publicEnv.micrositesBaseUrl}
      year={year}
    />
  );
}
