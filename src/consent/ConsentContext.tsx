import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { globalPrivacyControl, readRecordedConsent, recordConsent } from './browserConsent';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import { CONSENT_CATEGORIES, effectiveConsent, refusedCategories, type ConsentCategory, type ConsentChoice } from './record';

/**
 * Deletes what the refused categories stored. It loads once the page runs (with the list of every
 * stored name), out of the first load; nothing waits for it but a withdrawal's reload.
 */
async function purge(refused: readonly ConsentCategory[]): Promise<void> {
  if (refused.length === 0) return;
  const { purgeRefused } = await import('./purgeRefused');
  await purgeRefused(refused);
}

export type BannerState = 'auto' | 'open' | 'closed';

export interface ConsentState {
  regime: ConsentRegime;
  /** What may run now; undefined until the browser has read the record (and on an opt-in host before a choice). */
  consent: ConsentChoice | undefined;
  /** Records a choice from the banner. */
  choose(choice: ConsentChoice): void;
  /**
   * The banner: `auto` shows it unless a valid record exists (decided in the document's head, see
   * markRecordedConsent.ts); `open` after the footer's "Cookie settings"; `closed` after a choice here.
   */
  banner: BannerState;
  reopen(): void;
}

const ConsentContext = createContext<ConsentState>({
  regime: 'opt-in',
  consent: undefined,
  choose: () => undefined,
  banner: 'auto',
  reopen: () => undefined,
});

export const ConsentProvider = ConsentContext.Provider;
export const useConsent = (): ConsentState => useContext(ConsentContext);

/**
 * The page's consent, for `_app`: read from the record once mounted (the static HTML is the same
 * for every visitor), with whatever a refused or undecided category left behind deleted. A
 * withdrawal deletes the SDKs' storage and reloads, so no SDK keeps running on the page.
 */
export function useConsentController(regime: ConsentRegime, onChoice: (choice: ConsentChoice) => void): ConsentState {
  const [consent, setConsent] = useState<ConsentChoice | undefined>(undefined);
  const [banner, setBanner] = useState<BannerState>('auto');
  const [withdrawn, setWithdrawn] = useState(false);

  useEffect(() => {
    const current = effectiveConsent(regime, readRecordedConsent(), globalPrivacyControl());
    void purge(refusedCategories(current));
    // The record is a cookie, known only once mounted: the static HTML is the same for everyone.
    // In a transition: an urgent update reaching a boundary not yet hydrated would hydrate the
    // whole page in one task (docs/performance.md, bench/hydration-tasks.mts).
    startTransition(() => setConsent(current));
  }, [regime]);

  const choose = useCallback(
    (choice: ConsentChoice) => {
      recordConsent(choice);
      setBanner('closed');
      setConsent(choice);
      if (CONSENT_CATEGORIES.some((category) => consent?.[category] === true && !choice[category])) setWithdrawn(true);
      else onChoice(choice);
    },
    [consent, onChoice],
  );
  // After the SDKs' own cleanups in this commit (useMonitoring's withdraw): delete, then a fresh page without them.
  useEffect(() => {
    if (!withdrawn) return;
    void purge(refusedCategories(consent)).then(() => window.location.reload());
  }, [withdrawn, consent]);

  const reopen = useCallback(() => setBanner('open'), []);
  return useMemo(() => ({ regime, consent, choose, banner, reopen }), [regime, consent, choose, banner, reopen]);
}
