// @vitest-environment jsdom
// The first load's cookies without js-cookie (src/base/cookies.ts): what js-cookie reads and
// writes for the consent record and the language choice, read and written the same.
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '@/base/cookies';

afterEach(() => {
  for (const pair of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${pair.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('readCookie', () => {
  it('reads what js-cookie reads, not a cookie whose name only ends the same', () => {
    document.cookie = 'xconsent=other; path=/';
    Cookies.set('consent', 'v1.2026-12-07.a1m0');
    document.cookie = 'language=de; path=/';
    expect(readCookie('consent')).toBe('v1.2026-12-07.a1m0');
    expect(readCookie('consent')).toBe(Cookies.get('consent'));
    expect(readCookie('language')).toBe(Cookies.get('language'));
    expect(readCookie('missing')).toBeUndefined();
  });

  it('decodes a value as js-cookie does, and keeps one it cannot decode', () => {
    Cookies.set('spaced', 'a b;c');
    expect(readCookie('spaced')).toBe('a b;c');
    document.cookie = 'broken=%E0%A4%A; path=/';
    expect(readCookie('broken')).toBe('%E0%A4%A');
  });
});

describe('writeCookie', () => {
  it('stores a value js-cookie reads back, for the whole site', () => {
    writeCookie('language', 'ja', 365);
    expect(Cookies.get('language')).toBe('ja');
    writeCookie('consent', 'v1.2026-12-07.a0m1', 182);
    expect(Cookies.get('consent')).toBe('v1.2026-12-07.a0m1');
  });
});
