import type { WebsiteLocale } from '@/i18n/websiteLocales';

export interface DirectoryRow {
  domain: string;
  previewUrl: string;
  path: string;
  placeName: string;
  locales: WebsiteLocale[];
}

export interface DirectoryProps {
  rows: DirectoryRow[];
  year: number;
}
