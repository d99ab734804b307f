import type { AnalyticsLogger } from './types';

/** The part of Web Storage the analytics modules use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Storage that never breaks the page (spec §8): when the real storage throws (blocked, private
 * mode, quota full) values live in memory instead, with one console warning.
 */
export function createSafeStorage(
  getBacking: () => KeyValueStorage | undefined,
  logger: Pick<AnalyticsLogger, 'warn'> = console,
): KeyValueStorage {
  const memory = new Map<string, string>();
  let backing: KeyValueStorage | undefined;
  let failed = false;
  try {
    backing = getBacking();
  } catch {
    backing = undefined;
  }

  const fallBack = (error: unknown) => {
    if (!failed)
      logger.warn(`analytics: storage unavailable, keeping data in memory (${(error as Error)?.message ?? error})`);
    failed = true;
  };

  return {
    getItem(key) {
      if (!failed && backing) {
        try {
          return backing.getItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      if (!failed && backing) {
        try {
          backing.setItem(key, value);
        } catch (error) {
          fallBack(error);
        }
      }
    },
    removeItem(key) {
      memory.delete(key);
      if (!failed && backing) {
        try {
          backing.removeItem(key);
        } catch (error) {
          fallBack(error);
        }
      }
    },
  };
}

/** The browser's localStorage, or undefined where there is none. Reading it can throw. */
export const browserLocalStorage = (): KeyValueStorage | undefined =>
  typeof window === 'undefined' ? undefined : window.localStorage;
