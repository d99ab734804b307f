import { createInstance } from 'i18next';
import { loadTranslations } from '@/i18n/serverTranslations';
import { labelColon } from '@/i18n/labelColon';
import type { SavedPageCopy } from './SavedPage';

const COPY = {
  microsites: ['brand.name', 'consentSaved', 'consent.analytics.name', 'consent.monitoring.name'],
} as const;

/** Server-only: the saved-choice page's texts in a language, from the embedded copy. */
export async function savedPageCopy(lang: string): Promise<SavedPageCopy> {
  const loaded = (await loadTranslations(lang, COPY))._nextI18Next;
  if (!loaded) throw new Error(`no embedded copy for ${lang}`);
  const i18n = createInstance();
  await i18n.init({
    lng: loaded.initialLocale,
    resources: loaded.initialI18nStore,
    defaultNS: 'microsites',
    initAsync: false,
  });
  const t = (key: string) => i18n.t(key);
  return {
    brand: t('brand.name'),
    title: t('consentSaved.title'),
    notSavedTitle: t('consentSaved.notSavedTitle'),
    notSaved: t('consentSaved.notSaved'),
    allowed: t('consentSaved.allowed'),
    yes: t('consentSaved.yes'),
    no: t('consentSaved.no'),
    noScript: t('consentSaved.noScript'),
    back: t('consentSaved.back'),
    categories: { analytics: t('consent.analytics.name'), monitoring: t('consent.monitoring.name') },
    colon: labelColon(lang),
  };
}
