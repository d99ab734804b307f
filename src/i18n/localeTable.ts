import type { WebsiteLocale } from './websiteLocales';

type WeekStart = 'SUN' | 'MON';
export type DistanceSystem = 'IMPERIAL' | 'METRIC';

/** A locale entry (spec §3). */
export interface LocaleEntry {
  locale: string;
  friendlyName: string;
  active: boolean;
  language: string;
  weekStartsOn: WeekStart;
  countryCode: string;
  distanceSystem: DistanceSystem;
  emoji: string;
}

const entry = (
  locale: string,
  friendlyName: string,
  active: boolean,
  weekStartsOn: WeekStart,
  distanceSystem: DistanceSystem,
  emoji: string,
): LocaleEntry => {
  const [language, countryCode] = locale.split('-') as [string, string];
  return { locale, friendlyName, active, language, weekStartsOn, countryCode, distanceSystem, emoji };
};

/** The locale table of spec §9; friendly names are native so a switcher reads right to its speakers. */
export const LOCALE_TABLE: readonly LocaleEntry[] = [
  entry('en-US', 'English', true, 'SUN', 'IMPERIAL', '🇺🇸'),
  entry('es-ES', 'Español', true, 'MON', 'METRIC', '🇪🇸'),
  entry('fr-FR', 'Français', true, 'MON', 'METRIC', '🇫🇷'),
  entry('de-DE', 'Deutsch', true, 'MON', 'METRIC', '🇩🇪'),
  entry('it-IT', 'Italiano', true, 'MON', 'METRIC', '🇮🇹'),
  entry('pt-PT', 'Português', true, 'SUN', 'METRIC', '🇵🇹'),
  entry('ja-JP', '日本語', true, 'SUN', 'METRIC', '🇯🇵'),
  entry('ko-KR', '한국어', true, 'SUN', 'METRIC', '🇰🇷'),
  entry('zh-CN', '简体中文', true, 'SUN', 'METRIC', '🇨🇳'),
  entry('ru-RU', 'Русский', true, 'MON', 'METRIC', '🇷🇺'),
  entry('pl-PL', 'Polski', true, 'MON', 'METRIC', '🇵🇱'),
  entry('el-GR', 'Ελληνικά', true, 'MON', 'METRIC', '🇬🇷'),
  entry('bn-BD', 'বাংলা', true, 'SUN', 'METRIC', '🇧🇩'),
  entry('hi-IN', 'हिन्दी', true, 'SUN', 'METRIC', '🇮🇳'),
  entry('th-TH', 'ไทย', true, 'SUN', 'METRIC', '🇹🇭'),
  entry('vi-VN', 'Tiếng Việt', true, 'MON', 'METRIC', '🇻🇳'),
  entry('id-ID', 'Bahasa Indonesia', true, 'SUN', 'METRIC', '🇮🇩'),
  entry('ms-MY', 'Bahasa Melayu', true, 'MON', 'METRIC', '🇲🇾'),
  entry('nl-NL', 'Nederlands', false, 'MON', 'METRIC', '🇳🇱'),
  entry('cs-CZ', 'Čeština', false, 'MON', 'METRIC', '🇨🇿'),
  entry('da-DK', 'Dansk', false, 'MON', 'METRIC', '🇩🇰'),
  entry('hu-HU', 'Magyar', false, 'MON', 'METRIC', '🇭🇺'),
];

/** The default locale of spec §2 and §9. */
const DEFAULT_LOCALE_ENTRY = LOCALE_TABLE[0] as LocaleEntry;

/** The active table entry behind a website locale (en → en-US, zh → zh-CN, …). */
export function localeEntryFor(locale: WebsiteLocale): LocaleEntry {
  return LOCALE_TABLE.find((candidate) => candidate.active && candidate.language === locale) ?? DEFAULT_LOCALE_ENTRY;
}
