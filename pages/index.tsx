import type { GetStaticProps } from 'next';
import { loadTranslations } from '@/i18n/serverTranslations';
import { DirectoryView } from '@/landing/directory/DirectoryView';
import { directoryRows } from '@/landing/directory/server';
import type { DirectoryProps } from '@/landing/directory/types';

export const getStaticProps: GetStaticProps<DirectoryProps> = async ({ locale }) => ({
  props: { rows: directoryRows(locale), year: new Date().getUTCFullYear(), ...(await loadTranslations(locale)) },
});

export default DirectoryView;
