import type { WebsiteLocale } from './websiteLocales';

/**
 * Each website language's name in itself, the friendly names of spec §9's locale table
 * (localeTable.ts takes them from here): the language switcher lists these, and only these reach
 * the first load, not the whole table.
 */
export const LANGUAGE_NAMES: Readonly<Record<WebsiteLocale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ja: '日本語',
  ko: '한국어',
  zh: '简体中文',
  ru: 'Русский',
  pl: 'Polski',
};
