/**
 * The first load's own cookies, the consent record (src/consent/browserConsent.ts) and the
 * language choice (src/i18n/LanguageSwitcher.tsx), read and written as js-cookie does it for their
 * plain values, without js-cookie: it stays with the code that loads later (the analytics SDKs'
 * identity, the purge of refused storage), out of the first load.
 */

/** The value of the first cookie named `name` this page can read, decoded, or undefined. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
  if (found === undefined) return undefined;
  try {
    return decodeURIComponent(found);
  } catch {
    return found;
  }
}

/** Stores a first-party cookie for the whole site for `days`, SameSite=Lax, Secure over https. */
export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // The attributes as js-cookie writes them.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; expires=${expires}; sameSite=Lax${secure}`;
}
