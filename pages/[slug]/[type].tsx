import type { GetStaticPaths, GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';
import { spelledFor } from '@/i18n/regionalLocale';
import { LandingView } from '@/landing/LandingView';
import { landingCopy, landingPaths, landingProps, type LandingParams } from '@/landing/server';
import { STORAGE_SPOTS_REVALIDATE_SECONDS, storageSpotsFor } from '@/landing/storage/server';
import type { LandingPageProps } from '@/landing/types';

export const getStaticPaths: GetStaticPaths<LandingParams> = async () => ({
  paths: landingPaths(),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LandingPageProps, LandingParams> = async ({ params, locale, revalidateReason }) => {
  const props = params ? landingProps(params, locale) : null;
  if (!props) return { notFound: true };
  // POST /api/revalidate is asked because content changed: read it now, not from a recent copy.
  const fresh = revalidateReason === 'on-demand';
  const [{ translations, revalidate }, storageSpots] = await Promise.all([
    loadPageContent(locale, landingCopy(props), { fresh }),
    props.graphqlUrl ? storageSpotsFor(props.graphqlUrl, { slug: props.slug, lat: props.place.lat, lng: props.place.lng }, { fresh }) : null,
  ]);
  // With spots on the page, it is rebuilt in the background often enough to keep them fresh.
  const every = storageSpots ? Math.min(revalidate ?? Infinity, STORAGE_SPOTS_REVALIDATE_SECONDS) : revalidate;
  // Copy and place names as the host's country spells them; spot names stay as the API sent them.
  return { props: { ...spelledFor(props.format.locale, { ...props, ...translations }), storageSpots }, ...(every && { revalidate: every }) };
};

export default LandingView;
