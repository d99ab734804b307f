import { v4 as uuidv4, validate as isUuid } from 'uuid';
import { ANONYMOUS_ID_KEY } from './constants';
import type { KeyValueStorage } from './safeStorage';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
}

export interface AnonymousIdResult {
  anonymousId: string;
  /** The id this browser had before, when a different one now applies. */
  previousId?: string;
}

/**
 * Spec §3: the anonymous id is kept in storage under `anonymous-id` and synced from a cookie, so
 * every host of the visitor's session agrees. The cookie wins; a new visitor gets a uuid v4.
 */
export function syncAnonymousId(
  storage: KeyValueStorage,
  cookies: CookieJar,
  generate: () => string = uuidv4,
): AnonymousIdResult {
  const stored = storage.getItem(ANONYMOUS_ID_KEY) ?? undefined;
  const fromCookie = cookies.get(ANONYMOUS_ID_KEY);
  const valid = (value: string | undefined): value is string => !!value && isUuid(value);

  const anonymousId = valid(fromCookie) ? fromCookie : valid(stored) ? stored : generate();
  if (anonymousId !== stored) storage.setItem(ANONYMOUS_ID_KEY, anonymousId);
  if (anonymousId !== fromCookie) cookies.set(ANONYMOUS_ID_KEY, anonymousId);
  return valid(stored) && stored !== anonymousId ? { anonymousId, previousId: stored } : { anonymousId };
}
