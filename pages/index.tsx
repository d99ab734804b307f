import type { GetStaticProps } from 'next';
import { withCopy } from '@/i18n/pageCopy';
import { loadTranslations } from '@/i18n/serverTranslations';
import { DirectoryView } from '@/landing/directory/DirectoryView';
import { directoryRows } from '@/landing/directory/server';
import type { DirectoryProps } from '@/landing/directory/types';
import { SHELL_COPY } from '@/shell/shellCopy';

export const getStaticProps: GetStaticProps<DirectoryProps> = async ({ locale }) => ({
  props: {
    rows: directoryRows(locale),
    year: new Date().getUTCFullYear(),
    ...(await loadTranslations(locale, withCopy(SHELL_COPY, { microsites: ['directory'] }))),
  },
});

export default DirectoryView;
