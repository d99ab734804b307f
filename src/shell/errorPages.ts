import type { GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';

export interface StaticShellProps {
  year: number;
}

/** Static props for pages that need only their copy and the footer year (error pages). */
export const getShellStaticProps: GetStaticProps<StaticShellProps> = async ({ locale }) => {
  const { translations, revalidate } = await loadPageContent(locale);
  return { props: { year: new Date().getUTCFullYear(), ...translations }, ...(revalidate && { revalidate }) };
};
