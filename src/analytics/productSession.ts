import { SESSION_ID_KEY, SESSION_LAST_ACCESS_KEY, SESSION_TIMEOUT_MS } from './constants';
import type { KeyValueStorage } from './safeStorage';

export interface ProductSession {
  sessionId: number;
  isNew: boolean;
}

const readNumber = (storage: KeyValueStorage, key: string): number | undefined => {
  const value = Number(storage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/**
 * Spec §4: a new session (id = its start time) begins when none is stored or the last access
 * is 30 minutes old or more; otherwise the session is kept and its last access refreshed.
 */
export function touchProductSession(storage: KeyValueStorage, now: number): ProductSession {
  const sessionId = readNumber(storage, SESSION_ID_KEY);
  const lastAccess = readNumber(storage, SESSION_LAST_ACCESS_KEY);
  const expired = sessionId === undefined || lastAccess === undefined || now - lastAccess >= SESSION_TIMEOUT_MS;
  const current = expired ? now : sessionId;
  if (expired) storage.setItem(SESSION_ID_KEY, String(current));
  storage.setItem(SESSION_LAST_ACCESS_KEY, String(now));
  return { sessionId: current, isNew: expired };
}
