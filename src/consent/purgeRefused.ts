import Cookies from 'js-cookie';
import { cookieDomains } from './cookieDomains';
import type { ConsentCategory } from './record';
import { namesToPurge } from './storageKeys';

function purgeWebStorage(kind: 'localStorage' | 'sessionStorage', refused: readonly ConsentCategory[]): void {
  try {
    const storage = window[kind];
    const keys = Array.from({ length: storage.length }, (_unused, index) => storage.key(index) ?? '');
    namesToPurge(kind, keys, refused).forEach((key) => storage.removeItem(key));
  } catch {
    // Storage blocked by the browser: nothing of ours is in it either.
  }
}

/**
 * Resolves once each deletion succeeded, failed or is blocked by a connection still open on this
 * page (Amplitude's): a blocked one completes when the page goes, which a withdrawal's reload does.
 */
async function purgeDatabases(refused: readonly ConsentCategory[]): Promise<void> {
  // indexedDB.databases() is missing in older browsers: the next page start tries again.
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const names = (await indexedDB.databases().catch(() => [])).flatMap((database) => database.name ?? []);
  await Promise.all(
    namesToPurge('indexedDB', names, refused).map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/**
 * Deletes the cookies, localStorage and sessionStorage keys of the refused categories
 * (storageKeys.ts), at once. Not the databases: a second deletion of one still held open waits
 * behind the first, so a withdrawal deletes them once (purgeRefused).
 */
export function purgeRefusedNow(refused: readonly ConsentCategory[]): void {
  const cookieNames = Object.keys(Cookies.get());
  for (const name of namesToPurge('cookie', cookieNames, refused)) {
    Cookies.remove(name, { path: '/' });
    cookieDomains(window.location.hostname).forEach((domain) => Cookies.remove(name, { path: '/', domain }));
  }
  purgeWebStorage('localStorage', refused);
  purgeWebStorage('sessionStorage', refused);
}

/** Deletes everything of the refused categories: what purgeRefusedNow deletes, and their IndexedDB databases. */
export async function purgeRefused(refused: readonly ConsentCategory[]): Promise<void> {
  purgeRefusedNow(refused);
  await purgeDatabases(refused);
}
