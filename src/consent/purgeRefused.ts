import Cookies from 'js-cookie';
import type { ConsentCategory } from './record';
import { namesToPurge } from './storageKeys';

/** The host and each parent domain: SDKs may set their cookies on the widest domain that takes them. */
function cookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  return labels.map((_label, index) => labels.slice(index).join('.'));
}

/** Deletes the cookies and localStorage keys of the refused categories (storageKeys.ts). */
export function purgeRefused(refused: readonly ConsentCategory[]): void {
  const cookieNames = Object.keys(Cookies.get());
  for (const name of namesToPurge('cookie', cookieNames, refused)) {
    Cookies.remove(name, { path: '/' });
    cookieDomains(window.location.hostname).forEach((domain) => Cookies.remove(name, { path: '/', domain }));
  }
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_unused, index) => window.localStorage.key(index) ?? '');
    namesToPurge('localStorage', keys, refused).forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // Storage blocked by the browser: nothing of ours is in it either.
  }
}
