import type { GetStaticPropsContext, GetStaticPropsResult } from 'next';
import { loadPageContent } from '@/content/pageContent';
import { spelledFor } from '@/i18n/regionalLocale';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import { landingCopy, landingProps, type LandingParams } from './server';
import { STORAGE_SPOTS_REVALIDATE_SECONDS, storageSpotsFor } from './storage/server';
import { storageSpotsSection } from './storage/spotCards';
import type { LandingPageProps } from './types';

/**
 * A landing page's data: in its host's consent regime (pages/[slug]/[type].tsx), or in `regime`
 * for a visitor whose country asks first (pages/[slug]/[type]/[regime].tsx).
 */
export async function landingStaticProps(
  { params, locale, revalidateReason }: GetStaticPropsContext<LandingParams>,
  regime?: ConsentRegime,
): Promise<GetStaticPropsResult<LandingPageProps>> {
  const props = params ? landingProps(params, locale) : null;
  if (!props) return { notFound: true };
  // POST /api/revalidate is asked because content changed: read it now, not from a recent copy.
  const fresh = revalidateReason === 'on-demand';
  const [{ translations, revalidate }, storageSpots] = await Promise.all([
    loadPageContent(locale, landingCopy(props), { fresh }),
    props.graphqlUrl
      ? storageSpotsFor(
          props.graphqlUrl,
          { slug: props.slug, lat: props.place.lat, lng: props.place.lng },
          { locale: props.format.locale, fresh },
        )
      : null,
  ]);
  // With spots on the page, it is rebuilt in the background often enough to keep them fresh.
  const every = storageSpots ? Math.min(revalidate ?? Infinity, STORAGE_SPOTS_REVALIDATE_SECONDS) : revalidate;
  // Copy and place names as the host's country spells them; spot names stay as the API sent them.
  const page = { ...props, ...(regime && { consentRegime: regime }), ...translations };
  // Formatted here, in the page's regional format, so the browser hydrates the cards without Intl.
  const spots = storageSpots && storageSpotsSection(storageSpots, props.format);
  return {
    props: { ...spelledFor(props.format.locale, page), storageSpots: spots },
    ...(every && { revalidate: every }),
  };
}
