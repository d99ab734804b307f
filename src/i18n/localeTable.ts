import { LANGUAGE_NAMES } from './languageNames';
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

/** The locale table of spec §9; friendly names are native so a switcher reads right to its speakers (languageNames.ts). */
export const LOCALE_TABLE: readonly LocaleEntry[] = [
  entry('en-US', LANGUAGE_NAMES.en, true, 'SUN', 'IMPERIAL', '🇺🇸'),
  entry('es-ES', LANGUAGE_NAMES.es, true, 'MON', 'METRIC', '🇪🇸'),
  entry('fr-FR', LANGUAGE_NAMES.fr, true, 'MON', 'METRIC', '🇫🇷'),
  entry('de-DE', LANGUAGE_NAMES.de, true, 'MON', 'METRIC', '🇩🇪'),
  entry('it-IT', LANGUAGE_NAMES.it, true, 'MON', 'METRIC', '🇮🇹'),
  entry('pt-PT', LANGUAGE_NAMES.pt, true, 'SUN', 'METRIC', '🇵🇹'),
  entry('ja-JP', LANGUAGE_NAMES.ja, true, 'SUN', 'METRIC', '🇯🇵'),
  entry('ko-KR', LANGUAGE_NAMES.ko, true, 'SUN', 'METRIC', '🇰🇷'),
  entry('zh-CN', LANGUAGE_NAMES.zh, true, 'SUN', 'METRIC', '🇨🇳'),
  entry('ru-RU', LANGUAGE_NAMES.ru, true, 'MON', 'METRIC', '🇷🇺'),
  entry('pl-PL', LANGUAGE_NAMES.pl, true, 'MON', 'METRIC', '🇵🇱'),
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
