import type { GetStaticPaths, GetStaticProps } from 'next';
import { LandingView } from '@/landing/LandingView';
import { landingPaths, type LandingParams } from '@/landing/server';
import { landingStaticProps } from '@/landing/staticProps';
import type { LandingPageProps } from '@/landing/types';

export const getStaticPaths: GetStaticPaths<LandingParams> = async () => ({
  paths: landingPaths(),
  fallback: false,
});

export const getStaticProps: GetStaticProps<LandingPageProps, LandingParams> = (context) => landingStaticProps(context);

export default LandingView;
