import type { GetStaticProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import { publicEnv } from '@/config/builtEnv';
import { loadPageContent } from '@/content/pageContent';
import { withCopy } from '@/i18n/pageCopy';
import { CityList } from '@/landing/directory/CityList';
import { citySites, type CountryCities } from '@/landing/directory/citySites';
import { ErrorView } from '@/shell/ErrorView';
import type { StaticShellProps } from '@/shell/errorPages';
import { SHELL_COPY } from '@/shell/shellCopy';
import { NO_MAPPING_MESSAGE } from '@/tenancy/resolveTenant';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

interface UnknownHostProps extends StaticShellProps {
  countries: CountryCities[];
}

export const getStaticProps: GetStaticProps<UnknownHostProps> = async ({ locale }) => {
  const { translations, revalidate } = await loadPageContent(
    locale,
    withCopy(SHELL_COPY, { microsites: ['errors.unknownHost'] }),
  );
  return {
    props: { year: new Date().getUTCFullYear(), countries: citySites(DOMAIN_ENTRIES, locale), ...translations },
    ...(revalidate && { revalidate }),
  };
};

/** Served by the middleware, always with status 404, for a host with no tenant mapping. */
export default function UnknownHostPage({ year, countries }: UnknownHostProps) {
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
    >
      <CityList countries={countries} />
    </ErrorView>
  );
}
