import type { GetStaticPaths, GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';
import { LandingView } from '@/landing/LandingView';
import { landingPaths, landingProps, type LandingParams } from '@/landing/server';
import type { LandingProps } from '@/landing/types';

export const getStaticPaths: GetStaticPaths<LandingParams> = async () => ({
  paths: landingPaths(),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LandingProps, LandingParams> = async ({ params, locale }) => {
  const props = params ? landingProps(params, locale) : null;
  if (!props) return { notFound: true };
  const { translations, revalidate } = await loadPageContent(locale);
  return { props: { ...props, ...translations }, ...(revalidate && { revalidate }) };
};

export default LandingView;
