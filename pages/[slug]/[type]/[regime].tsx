import type { GetStaticPaths, GetStaticProps } from 'next';
import { LandingView } from '@/landing/LandingView';
import { landingVariantPaths, type LandingParams } from '@/landing/server';
import { landingStaticProps } from '@/landing/staticProps';
import type { LandingPageProps } from '@/landing/types';
import { isConsentRegime, type ConsentRegime } from '@/tenancy/consentRegime';

type VariantParams = LandingParams & { regime: ConsentRegime };

/**
 * An opt-out host's landing page in the opt-in regime, which the middleware serves at the host's
 * root to a visitor whose country asks first (CONSENT_COUNTRY_HEADER, docs/consent.md).
 */
export const getStaticPaths: GetStaticPaths<VariantParams> = async () => ({
  paths: landingVariantPaths(),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LandingPageProps, VariantParams> = (context) => {
  const regime = context.params?.regime;
  return isConsentRegime(regime) ? landingStaticProps(context, regime) : Promise.resolve({ notFound: true });
};

export default LandingView;
