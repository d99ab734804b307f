import type { GetStaticProps } from 'next';
import { loadTranslations } from '@/i18n/serverTranslations';

export interface StaticShellProps {
  year: number;
}

/** Static props for pages that need only translations and the footer year (error pages). */
export const getShellStaticProps: GetStaticProps<StaticShellProps> = async ({ locale }) => ({
  props: { year: new Date().getUTCFullYear(), ...(await loadTranslations(locale)) },
});
