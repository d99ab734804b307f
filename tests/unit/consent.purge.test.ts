// @vitest-environment jsdom
// Issue 22 item 3: a withdrawal deletes everything the refused categories stored (consent/storageKeys.ts):
// cookies on the host and every parent domain, with JavaScript and without, sessionStorage keys and
// IndexedDB databases.
import type { NextApiRequest, NextApiResponse } from 'next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import consentRoute from '../../pages/api/consent';
import { cookieDomains } from '@/consent/cookieDomains';
import { purgeRefused } from '@/consent/purgeRefused';
import { storageEntryFor } from '@/consent/storageKeys';

const HOST = 'kingscross-bagberth.co.uk.localhost';

describe('cookieDomains', () => {
  it('gives the host and each parent domain', () => {
    expect(cookieDomains('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com', 'com']);
    expect(cookieDomains(`${HOST}.`)).toEqual([HOST, 'co.uk.localhost', 'uk.localhost', 'localhost']);
  });
});

describe('POST /api/consent without JavaScript', () => {
  function post(choice: string, cookies: Record<string, string>) {
    const headers: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      status: () => ({ end: () => undefined, json: () => undefined }),
    };
    const request = {
      method: 'POST',
      headers: { host: `${HOST}:3300`, 'sec-fetch-site': 'same-origin' },
      socket: {},
      cookies,
      body: { choice },
    };
    consentRoute(request as unknown as NextApiRequest, response as unknown as NextApiResponse);
    return headers['set-cookie'] as unknown as string[];
  }

  it('deletes a refused cookie host-only and on every parent domain, and keeps the necessary ones', () => {
    const setCookies = post('none', { AMP_0123456789: 'x', _dd_s_v2: 'y', language: 'de', consent: 'v1' });
    const deleted = (name: string) =>
      setCookies
        .filter((header) => header.startsWith(`${name}=; Max-Age=0;`))
        .map((header) => /Domain=([^;]+)/.exec(header)?.[1] ?? 'host-only');
    for (const name of ['AMP_0123456789', '_dd_s_v2'])
      expect(deleted(name), name).toEqual(['host-only', ...cookieDomains(HOST)]);
    expect(deleted('language')).toEqual([]);
    expect(setCookies.filter((header) => header.startsWith('consent='))).toHaveLength(1);
  });
});

describe('purgeRefused', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('deletes the refused categories’ sessionStorage keys and IndexedDB databases, nothing else', async () => {
    window.sessionStorage.setItem('AMP_URL_INFO', 'https://example.com/');
    window.sessionStorage.setItem('AMP_PAGE_VIEW', '{}');
    window.sessionStorage.setItem('_dd_tab_id', 'tab');
    window.sessionStorage.setItem('unrelated', 'kept');
    const deleted: string[] = [];
    vi.stubGlobal('indexedDB', {
      databases: async () => [
        { name: 'AMP_diagnostics_0123456789', version: 1 },
        { name: 'unrelated', version: 1 },
      ],
      deleteDatabase(name: string) {
        deleted.push(name);
        const request: Partial<IDBOpenDBRequest> = {};
        // A connection still open on the page blocks the deletion; the purge must not wait for it.
        setTimeout(() =>
          request.onblocked?.call(request as IDBOpenDBRequest, new Event('blocked') as IDBVersionChangeEvent),
        );
        return request;
      },
    });
    await purgeRefused(['analytics']);
    expect(Object.keys(window.sessionStorage).sort()).toEqual(['_dd_tab_id', 'unrelated']);
    expect(deleted).toEqual(['AMP_diagnostics_0123456789']);
    await purgeRefused(['monitoring']);
    expect(Object.keys(window.sessionStorage)).toEqual(['unrelated']);
  });

  // Firefox before 126 and Safari before 14 have no indexedDB.databases(); a browser may also refuse it.
  it('still purges the other stores where the databases cannot be listed', async () => {
    for (const indexedDB of [undefined, {}, { databases: () => Promise.reject(new Error('SecurityError')) }]) {
      window.sessionStorage.setItem('AMP_URL_INFO', 'https://example.com/');
      vi.stubGlobal('indexedDB', indexedDB);
      await expect(purgeRefused(['analytics'])).resolves.toBeUndefined();
      expect(Object.keys(window.sessionStorage)).toEqual([]);
      vi.unstubAllGlobals();
    }
  });

  it('skips a database the browser lists without a name', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('indexedDB', {
      databases: async () => [{ version: 1 }, { name: 'AMP_diagnostics_0123456789', version: 1 }],
      deleteDatabase(name: string) {
        deleted.push(name);
        const request: Partial<IDBOpenDBRequest> = {};
        setTimeout(() => request.onsuccess?.call(request as IDBOpenDBRequest, new Event('success')));
        return request;
      },
    });
    await purgeRefused(['analytics']);
    expect(deleted).toEqual(['AMP_diagnostics_0123456789']);
  });
});

// Issue 22: the vendors' session and IndexedDB storage belongs to their category and provider.
describe('the storage list names every kind the SDKs use', () => {
  it.each([
    // sessionStorage ends with the tab; a database stays until cleared (the cookies page says which).
    ['sessionStorage', 'AMP_URL_INFO', 'analytics', 'Amplitude', 'untilTabClosed'],
    ['sessionStorage', 'AMP_PAGE_VIEW', 'analytics', 'Amplitude', 'untilTabClosed'],
    ['indexedDB', 'AMP_diagnostics_0123456789', 'analytics', 'Amplitude', 'untilCleared'],
    ['sessionStorage', '_dd_tab_id', 'monitoring', 'Datadog', 'untilTabClosed'],
  ] as const)('%s %s → %s, %s, %s', (kind, name, category, provider, lifetime) => {
    expect(storageEntryFor(kind, name)).toMatchObject({ category, provider, lifetime });
  });

  it('leaves names of other kinds and other sites unlisted', () => {
    expect(storageEntryFor('sessionStorage', 'unrelated')).toBeUndefined();
    expect(storageEntryFor('indexedDB', '_dd_tab_id')).toBeUndefined();
  });
});
