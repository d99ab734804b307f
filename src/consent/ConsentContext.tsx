import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { globalPrivacyControl, readRecordedConsent, recordConsent } from './browserConsent';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import { withdraw } from '@/base/stopping';
import {
  CONSENT_CATEGORIES,
  effectiveConsent,
  refusedCategories,
  type ConsentCategory,
  type ConsentChoice,
} from './record';

/**
 * Deletes what the refused categories stored. It loads once the page runs (with the list of every
 * stored name), out of the first load; nothing waits for it but a withdrawal's reload.
 */
async function purge(refused: readonly ConsentCategory[]): Promise<void> {
  if (refused.length === 0) return;
  const { purgeRefused } = await import('./purgeRefused');
  await purgeRefused(refused);
}

/**
 * A withdrawal, from the click: the SDKs stop (src/base/stopping.ts) and their cookies and web
 * storage are deleted, both before the click's task ends when the deleting code is loaded
 * (reopen() fetches it). Once they have stopped, what they wrote as they stopped (Datadog ends its
 * session a moment later, under a lock) is deleted again, with their databases, then a fresh page
 * without them. What a handler of theirs still writes as the page goes is deleted by one
 * registered after theirs.
 */
async function withdrawAndReload(withdrawn: readonly ConsentCategory[], refused: readonly ConsentCategory[]) {
  const stopped = withdraw(withdrawn);
  const deleting = import('./purgeRefused');
  void deleting.then(({ purgeRefusedNow }) => purgeRefusedNow(refused));
  await stopped;
  const { purgeRefused, purgeRefusedNow } = await deleting;
  window.addEventListener('pagehide', () => purgeRefusedNow(refused));
  await purgeRefused(refused);
  window.location.reload();
}

type BannerState = 'auto' | 'open' | 'closed';

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

const OUTSIDE_A_PAGE: ConsentState = {
  regime: 'opt-in',
  consent: undefined,
  choose: () => undefined,
  banner: 'auto',
  reopen: () => undefined,
};

/** The state as the page's readers see it: the first value (what the server rendered), then the latest. */
function consentStore(first: ConsentState) {
  let latest = first;
  const readers = new Set<() => void>();
  return {
    first,
    latest: () => latest,
    publish(state: ConsentState) {
      if (state === latest) return;
      latest = state;
      readers.forEach((reader) => reader());
    },
    subscribe(reader: () => void) {
      readers.add(reader);
      return () => {
        readers.delete(reader);
      };
    },
  };
}

const ConsentContext = createContext(consentStore(OUTSIDE_A_PAGE));

/**
 * Gives the page the state of `_app`'s controller through a store rather than as a context value:
 * a new state then renders its readers alone. A changed context value at the root (a returning
 * visitor's record, known after mount) made React hydrate every part of the page not yet hydrated,
 * at once, since it cannot see whether a reader is inside one (docs/performance.md, "Consent known
 * at mount"). A part hydrates with the first state, as the server rendered it, then reads the latest.
 */
export function ConsentProvider({ value, children }: { value: ConsentState; children: ReactNode }) {
  const [store] = useState(() => consentStore(value));
  useLayoutEffect(() => store.publish(value), [store, value]);
  return <ConsentContext value={store}>{children}</ConsentContext>;
}

/** What `select` takes from the page's consent state; the reader renders again only when that changes. */
export function useConsentState<T>(select: (state: ConsentState) => T): T {
  const store = useContext(ConsentContext);
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.latest()),
    () => select(store.first),
  );
}

const whole = (state: ConsentState) => state;
export const useConsent = (): ConsentState => useConsentState(whole);

/**
 * The page's consent, for `_app`: read from the record once mounted (the static HTML is the same
 * for every visitor), with whatever a refused or undecided category left behind deleted. A
 * withdrawal stops the SDKs, deletes their storage and reloads, so no SDK keeps running on the page.
 */
export function useConsentController(regime: ConsentRegime, onChoice: (choice: ConsentChoice) => void): ConsentState {
  const [consent, setConsent] = useState<ConsentChoice | undefined>(undefined);
  const [banner, setBanner] = useState<BannerState>('auto');

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
      const withdrawn = CONSENT_CATEGORIES.filter((category) => consent?.[category] === true && !choice[category]);
      // The page's state follows in a transition: an urgent change of this context reaches every
      // part of the page not yet hydrated and hydrates them all in the click's task
      // (docs/decisions/0002-low-priority-hydration.md). The banner closes at once by its own state
      // (ConsentBanner.tsx).
      startTransition(() => {
        setBanner('closed');
        setConsent(choice);
      });
      if (withdrawn.length > 0) void withdrawAndReload(withdrawn, refusedCategories(choice));
      else onChoice(choice);
    },
    [consent, onChoice],
  );

  // Reopened to change a choice: the code that deletes a withdrawn category's storage is fetched
  // now, so that a withdrawal deletes at the click rather than after a download.
  const reopen = useCallback(() => {
    setBanner('open');
    void import('./purgeRefused');
  }, []);
  return useMemo(() => ({ regime, consent, choose, banner, reopen }), [regime, consent, choose, banner, reopen]);
}
