import type { GetStaticProps } from 'next';
import { loadPageContent } from '@/content/pageContent';
import type { PageCopy } from '@/i18n/pageCopy';

export interface StaticShellProps {
  year: number;
}

/** Static props for pages that need only their copy and the footer year (error pages). */
export function shellStaticProps(copy: PageCopy): GetStaticProps<StaticShellProps> {
  return async ({ locale }) => {
    const { translations, revalidate } = await loadPageContent(locale, copy);
    return { props: { year: new Date().getUTCFullYear(), ...translations }, ...(revalidate && { revalidate }) };
  };
}
