// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://shop.example.co.uk/de/cookies"}
// Issue 22 item 6: each of the four choices (none, analytics only, monitoring only, both) is
// mapped and applied the same way by the banner's form (with and without JavaScript), the page's
// controller and the head script, and only what the visitor refused is deleted (docs/consent.md).
// Each table row asserts literal values, never the constants under test, so a mapping that
// swaps, drops or grants a category fails here.
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { NextApiRequest, NextApiResponse } from 'next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_BANNER_ID, ConsentBanner } from '@/consent/ConsentBanner';
import { onWithdrawal } from '@/base/stopping';
import { ConsentProvider, useConsent, useConsentController } from '@/consent/ConsentContext';
import { MARK_RECORDED_CONSENT_SCRIPT } from '@/consent/markRecordedConsent';
import { purgeRefused } from '@/consent/purgeRefused';
import { storageEntryFor } from '@/consent/storageKeys';
import {
  ALL_GRANTED,
  ALL_REFUSED,
  choiceFromForm,
  parseConsent,
  refusedCategories,
  serializeConsent,
  type ConsentChoice,
} from '@/consent/record';
import consentRoute from '../../pages/api/consent';
import legal from '../../locales/en/legal.json';
import microsites from '../../locales/en/microsites.json';

// Taken from the controller, so the test does not depend on which module defines the regime.
type ConsentRegime = Parameters<typeof useConsentController>[0];

const HOST = 'shop.example.co.uk';

/** The four choices a visitor can make, with what each must record, keep and delete. */
const CHOICES = [
  {
    name: 'none',
    boxes: {},
    choice: { analytics: false, monitoring: false },
    record: 'a0m0',
    refused: ['analytics', 'monitoring'],
  },
  {
    name: 'analytics only',
    boxes: { analytics: 'on' },
    choice: { analytics: true, monitoring: false },
    record: 'a1m0',
    refused: ['monitoring'],
  },
  {
    name: 'monitoring only',
    boxes: { monitoring: 'on' },
    choice: { analytics: false, monitoring: true },
    record: 'a0m1',
    refused: ['analytics'],
  },
  {
    name: 'both',
    boxes: { analytics: 'on', monitoring: 'on' },
    choice: { analytics: true, monitoring: true },
    record: 'a1m1',
    refused: [],
  },
] as const;

/**
 * What the SDKs and the site store, by category; a `domain` cookie is set on the parent domain, as
 * SDKs do. Every cookie has path `/`, wider than this page's (/de/cookies), as the SDKs set them.
 */
const STORED = {
  necessary: { cookies: ['language'], localStorage: [] as string[] },
  analytics: {
    cookies: ['anonymous-id', 'AMP_0123abcdef', 'ajs_user_id'],
    localStorage: [
      'anonymous-id',
      'analytics-session-id',
      'analytics-session-last-access',
      'AMP_0123abcdef',
      'ajs_anonymous_id',
      'persisted-queue:v1:key:items',
    ],
  },
  monitoring: { cookies: ['_dd_s_v2'], localStorage: ['_dd_s'] },
  unlisted: { cookies: ['unrelated'], localStorage: ['unrelated'] },
};
const PARENT_DOMAIN_COOKIES = new Set(['AMP_0123abcdef', '_dd_s_v2']);

function storeEverything(): void {
  for (const { cookies, localStorage } of Object.values(STORED)) {
    cookies.forEach((name) => {
      document.cookie = `${name}=1; path=/${PARENT_DOMAIN_COOKIES.has(name) ? '; domain=example.co.uk' : ''}`;
    });
    localStorage.forEach((key) => window.localStorage.setItem(key, '1'));
  }
}

const cookieNames = () =>
  document.cookie
    .split('; ')
    .filter(Boolean)
    .map((cookie) => cookie.split('=')[0]);
const storageKeys = () => Object.keys(window.localStorage);
/** What must remain once the refused categories are purged. */
function kept(refused: readonly string[]) {
  const groups = (['necessary', 'analytics', 'monitoring', 'unlisted'] as const).filter(
    (group) => !refused.includes(group),
  );
  return {
    cookies: groups.flatMap((group) => STORED[group].cookies).sort(),
    localStorage: groups.flatMap((group) => STORED[group].localStorage).sort(),
  };
}
const stored = () => ({
  cookies: cookieNames()
    .filter((name) => name !== 'consent')
    .sort(),
  localStorage: storageKeys().sort(),
});
const consentCookie = () =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith('consent='))
    ?.slice('consent='.length);
const today = () => new Date().toISOString().slice(0, 10);

function clearStorage(): void {
  for (const name of cookieNames()) {
    document.cookie = `${name}=; max-age=0; path=/`;
    document.cookie = `${name}=; max-age=0; path=/; domain=example.co.uk`;
  }
  window.localStorage.clear();
}

// jsdom cannot reload; the controller's reload after a withdrawal is observed instead.
const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;
let reload = vi.fn();
beforeEach(() => {
  reload = vi.fn();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { hostname: HOST, protocol: 'https:', reload },
  });
});
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'location', realLocation);
  clearStorage();
  document.documentElement.removeAttribute('data-consent');
  vi.unstubAllGlobals();
});

describe('the choice a form makes', () => {
  it('grants both categories with "Accept all" and neither with "Reject all", whatever boxes are ticked', () => {
    expect(ALL_GRANTED).toEqual({ analytics: true, monitoring: true });
    expect(ALL_REFUSED).toEqual({ analytics: false, monitoring: false });
    expect(choiceFromForm({ choice: 'all' })).toEqual({ analytics: true, monitoring: true });
    expect(choiceFromForm({ choice: 'none', analytics: 'on', monitoring: 'on' })).toEqual({
      analytics: false,
      monitoring: false,
    });
  });

  it.each(CHOICES)('saves exactly the boxes ticked: $name', ({ boxes, choice }) => {
    expect(choiceFromForm({ choice: 'custom', ...boxes })).toEqual(choice);
  });

  it('counts a box as ticked only when the browser sends "on"', () => {
    expect(choiceFromForm({ choice: 'custom', analytics: 'off', monitoring: 'true' })).toEqual({
      analytics: false,
      monitoring: false,
    });
  });

  it('knows no other button', () => {
    expect(choiceFromForm({ choice: 'Custom', analytics: 'on' })).toBeUndefined();
    expect(choiceFromForm({ analytics: 'on', monitoring: 'on' })).toBeUndefined();
  });
});

describe('the record and the categories it refuses', () => {
  it.each(CHOICES)('records and reads back $name', ({ choice, record, refused }) => {
    const value = serializeConsent(choice, new Date('2026-11-24T23:59:00Z'));
    expect(value).toBe(`v1.2026-11-24.${record}`);
    expect(parseConsent(value, new Date('2026-11-25T00:00:00Z'))).toEqual(choice);
    expect(refusedCategories(choice)).toEqual(refused);
  });

  it('refuses both categories while nothing is decided', () => {
    expect(refusedCategories(undefined)).toEqual(['analytics', 'monitoring']);
  });

  it.each([
    ['the day of the choice', '2026-11-24T00:00:00Z', true],
    ['a day of clock skew', '2026-11-23T00:00:00Z', true],
    ['more than a day before it', '2026-11-22T23:59:59Z', false],
    ['the last day of its 182', '2027-05-24T23:59:59Z', true],
    ['the day after', '2027-05-25T00:00:00Z', false],
  ])('on %s: valid %s', (_when, now, valid) => {
    expect(parseConsent('v1.2026-11-24.a1m0', new Date(now))).toEqual(
      valid ? { analytics: true, monitoring: false } : undefined,
    );
  });

  it.each([
    'v1.2026-11-24.a1m0x',
    'xv1.2026-11-24.a1m0',
    'v1.2026-11-24.a2m0',
    'v1.2026-13-45.a1m0',
    'v0.2026-11-24.a1m0',
    '',
  ])('rejects %j', (value) => {
    expect(parseConsent(value, new Date('2026-11-24T12:00:00Z'))).toBeUndefined();
  });
});

describe('the form without JavaScript (POST /api/consent)', () => {
  function post(body: Record<string, string>, { https = true } = {}) {
    const headers: Record<string, unknown> = {};
    const response = {
      statusCode: 0,
      setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = value),
      status(code: number) {
        response.statusCode = code;
        return response;
      },
      json: vi.fn(() => response),
      end: vi.fn(() => response),
    };
    const request = {
      method: 'POST',
      headers: { host: HOST, 'sec-fetch-site': 'same-origin', referer: `https://${HOST}/de/cookies?from=banner` },
      socket: { encrypted: https },
      body,
      cookies: Object.fromEntries(
        [...Object.values(STORED).flatMap((group) => group.cookies), 'consent'].map((name) => [name, '1']),
      ),
    };
    consentRoute(request as unknown as NextApiRequest, response as unknown as NextApiResponse);
    return { status: response.statusCode, headers };
  }
  const setCookies = (headers: Record<string, unknown>) => headers['set-cookie'] as string[];
  /** The names deleted, once each however many domains they are deleted on. */
  const deleted = (headers: Record<string, unknown>) =>
    [
      ...new Set(
        setCookies(headers)
          .filter((cookie) => cookie.includes('Max-Age=0'))
          .map((cookie) => cookie.split('=')[0]),
      ),
    ].sort();

  it.each(CHOICES)('records $name and deletes the cookies of what it refuses', ({ boxes, record, refused }) => {
    const { status, headers } = post({ choice: 'custom', ...boxes });
    expect(status).toBe(303);
    expect(headers.location).toBe(`/api/consent?back=${encodeURIComponent('/de/cookies?from=banner')}`);
    expect(setCookies(headers)[0]).toBe(
      `consent=v1.${today()}.${record}; Max-Age=15724800; Path=/; SameSite=Lax; Secure`,
    );
    expect(deleted(headers)).toEqual(refused.flatMap((category) => STORED[category].cookies).sort());
  });

  it('maps the two buttons like the boxes', () => {
    expect(setCookies(post({ choice: 'all', analytics: 'off' }).headers)).toEqual([
      `consent=v1.${today()}.a1m1; Max-Age=15724800; Path=/; SameSite=Lax; Secure`,
    ]);
    expect(deleted(post({ choice: 'none', analytics: 'on', monitoring: 'on' }).headers)).toEqual(
      [...STORED.analytics.cookies, ...STORED.monitoring.cookies].sort(),
    );
  });

  it('leaves Secure off over plain http', () => {
    expect(setCookies(post({ choice: 'none' }, { https: false }).headers)[1]).toBe(
      'anonymous-id=; Max-Age=0; Path=/; SameSite=Lax',
    );
  });
});

describe('the category of a stored name', () => {
  it('matches an exact name exactly and an SDK prefix by its start, in the storage it is listed for', () => {
    expect(storageEntryFor('cookie', 'anonymous-id')?.kind).toBe('cookie');
    expect(storageEntryFor('localStorage', 'anonymous-id')?.kind).toBe('localStorage');
    expect(storageEntryFor('localStorage', 'AMP_unsent_0123')).toMatchObject({
      kind: 'localStorage',
      category: 'analytics',
    });
    expect(storageEntryFor('cookie', 'consent')).toMatchObject({ kind: 'cookie', category: 'necessary' });
    expect(storageEntryFor('cookie', 'anonymous-id-old')).toBeUndefined();
    expect(storageEntryFor('cookie', 'Amazon')).toBeUndefined();
    expect(storageEntryFor('cookie', 'analytics-session-id')).toBeUndefined();
  });

  it('lists each key the SDKs keep in localStorage as kept until the visitor clears it', () => {
    for (const key of [...STORED.analytics.localStorage, ...STORED.monitoring.localStorage]) {
      expect(storageEntryFor('localStorage', key)?.lifetime, key).toBe('untilCleared');
    }
  });
});

describe('purgeRefused', () => {
  it.each(CHOICES)(
    'after $name, deletes the refused categories only, on the host and its parent domains',
    async ({ refused }) => {
      storeEverything();
      document.cookie = 'consent=v1.2026-11-24.a0m0; path=/';
      await purgeRefused(refused);
      expect(stored()).toEqual(kept(refused));
      expect(consentCookie()).toBe('v1.2026-11-24.a0m0');
    },
  );

  it('still deletes the cookies when the browser blocks localStorage', async () => {
    storeEverything();
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await expect(Promise.resolve().then(() => purgeRefused(['analytics', 'monitoring']))).resolves.toBeUndefined();
    vi.restoreAllMocks();
    expect(stored().cookies).toEqual(kept(['analytics', 'monitoring']).cookies);
  });
});

describe('useConsentController', () => {
  function mount(regime: ConsentRegime, options: { recorded?: string; gpc?: boolean } = {}) {
    storeEverything();
    if (options.recorded) document.cookie = `consent=${options.recorded}; path=/`;
    if (options.gpc !== undefined) vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: options.gpc });
    const onChoice = vi.fn();
    const hook = renderHook(({ current }) => useConsentController(current, onChoice), {
      initialProps: { current: regime },
    });
    return { ...hook, onChoice };
  }
  const settled = async () => {
    await vi.dynamicImportSettled();
    await act(async () => undefined);
  };

  it.each([
    ['an opt-in host before a choice', 'opt-in', {}, undefined, ['analytics', 'monitoring']],
    ['an opt-out host', 'opt-out', {}, { analytics: true, monitoring: true }, []],
    [
      'an opt-out host under Global Privacy Control',
      'opt-out',
      { gpc: true },
      { analytics: false, monitoring: true },
      ['analytics'],
    ],
    ['an opt-out host with GPC off', 'opt-out', { gpc: false }, { analytics: true, monitoring: true }, []],
    ...CHOICES.map(
      ({ name, choice, record, refused }) =>
        [
          `a recorded ${name} on an opt-in host`,
          'opt-in',
          { recorded: `v1.${today()}.${record}` },
          choice,
          refused,
        ] as const,
    ),
    [
      'a recorded refusal on an opt-out host',
      'opt-out',
      { recorded: `v1.${today()}.a0m0` },
      { analytics: false, monitoring: false },
      ['analytics', 'monitoring'],
    ],
  ] as const)(
    'applies %s once mounted, and deletes what it does not allow',
    async (_name, regime, options, consent, refused) => {
      const { result, onChoice } = mount(regime, options);
      await settled();
      expect(result.current.consent).toEqual(consent);
      expect(result.current.regime).toBe(regime);
      expect(result.current.banner).toBe('auto');
      await waitFor(() => expect(stored()).toEqual(kept(refused)));
      expect(onChoice).not.toHaveBeenCalled();
    },
  );

  it.each(CHOICES)(
    'records $name on an opt-in host, closes the banner and starts what it allows',
    async ({ choice, record }) => {
      const { result, onChoice } = mount('opt-in');
      await settled();
      storeEverything();
      act(() => result.current.choose({ ...choice }));
      await settled();
      expect(consentCookie()).toBe(`v1.${today()}.${record}`);
      expect(document.documentElement.getAttribute('data-consent')).toBe('recorded');
      expect(result.current.consent).toEqual(choice);
      expect(result.current.banner).toBe('closed');
      expect(onChoice).toHaveBeenCalledExactlyOnceWith(choice);
      // Nothing was running: nothing to delete, no reload.
      expect(stored()).toEqual(kept([]));
      expect(reload).not.toHaveBeenCalled();
    },
  );

  it.each(CHOICES.filter(({ refused }) => refused.length > 0))(
    'withdraws to $name: records it, deletes what was refused, then reloads without starting anything',
    async ({ choice, record, refused }) => {
      const { result, onChoice } = mount('opt-out');
      await settled();
      // This test's own listener: the window, and the listeners of earlier tests, outlive each test.
      const listen = vi.spyOn(window, 'addEventListener');
      act(() => result.current.choose({ ...choice }));
      await waitFor(() => expect(reload).toHaveBeenCalledOnce());
      expect(consentCookie()).toBe(`v1.${today()}.${record}`);
      expect(stored()).toEqual(kept(refused));
      expect(onChoice).not.toHaveBeenCalled();
      // What an SDK's own page-hide handler writes as the page goes is deleted by the one registered after it.
      const onPageHide = listen.mock.calls.find(([type]) => type === 'pagehide')?.[1] as EventListener;
      listen.mockRestore();
      storeEverything();
      onPageHide(new Event('pagehide'));
      await waitFor(() => expect(stored()).toEqual(kept(refused)));
    },
  );

  it('deletes at the click, before the SDKs have stopped, and again once they have, then reloads', async () => {
    const { result } = mount('opt-out');
    await settled();
    storeEverything();
    // Datadog's stop ends its session under a lock that can take a loaded phone 250 ms.
    let finishStopping = () => undefined as void;
    const takeBack = onWithdrawal('monitoring', () => new Promise<void>((resolve) => (finishStopping = resolve)));
    try {
      act(() => result.current.choose({ ...ALL_REFUSED }));
      await settled();
      expect(stored()).toEqual(kept(['analytics', 'monitoring']));
      expect(reload).not.toHaveBeenCalled();
      // What a stopping SDK writes is deleted once it has stopped, before the reload.
      storeEverything();
      finishStopping();
      await waitFor(() => expect(reload).toHaveBeenCalledOnce());
      expect(stored()).toEqual(kept(['analytics', 'monitoring']));
    } finally {
      takeBack();
    }
  });

  it.each([
    ['https:', true],
    ['http:', false],
  ])('keeps the record six months, first-party and Lax, Secure over https only (%s)', async (protocol, secure) => {
    const writes: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        cookie.set!.call(document, value);
      },
    });
    try {
      Object.defineProperty(window, 'location', { configurable: true, value: { hostname: HOST, protocol, reload } });
      const { result } = mount('opt-in');
      await settled();
      act(() => result.current.choose({ analytics: false, monitoring: true }));
      const record = writes.find((write) => write.startsWith('consent='))!;
      const expires = Date.parse(/; expires=([^;]+)/.exec(record)?.[1] ?? '');
      expect(Math.abs(expires - (Date.now() + 182 * 86_400_000))).toBeLessThan(60_000);
      expect(record).toMatch(/; path=\/(;|$)/);
      expect(record).toMatch(/; sameSite=Lax(;|$)/i);
      expect(record).not.toMatch(/; domain=/i);
      expect(/; secure(;|$)/i.test(record)).toBe(secure);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('treats adding a category as no withdrawal', async () => {
    const { result, onChoice } = mount('opt-in', { recorded: `v1.${today()}.a0m1` });
    await settled();
    act(() => result.current.choose({ analytics: true, monitoring: true }));
    await settled();
    expect(onChoice).toHaveBeenCalledExactlyOnceWith({ analytics: true, monitoring: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reopens the banner', async () => {
    const { result } = mount('opt-out');
    await settled();
    act(() => result.current.reopen());
    expect(result.current.banner).toBe('open');
  });

  it('reads the record again when the regime changes', async () => {
    const { result, rerender } = mount('opt-in');
    await settled();
    expect(result.current.consent).toBeUndefined();
    rerender({ current: 'opt-out' });
    await settled();
    expect(result.current.consent).toEqual({ analytics: true, monitoring: true });
  });
});

describe('the banner', () => {
  const i18n = createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      ns: ['microsites', 'legal'],
      // Not the banner's: it must ask for its own namespace, as on a page with others loaded.
      defaultNS: 'legal',
      resources: { en: { microsites, legal } },
      interpolation: { escapeValue: false },
    });
  });

  function Page({ regime, onChoice }: { regime: ConsentRegime; onChoice: (choice: ConsentChoice) => void }) {
    const consent = useConsentController(regime, onChoice);
    return (
      <ConsentProvider value={consent}>
        <ConsentBanner cookiePolicyHref="/de/cookies" />
      </ConsentProvider>
    );
  }
  async function show(regime: ConsentRegime, recorded?: string) {
    if (recorded) document.cookie = `consent=${recorded}; path=/`;
    const onChoice = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Page regime={regime} onChoice={onChoice} />
      </I18nextProvider>,
    );
    await act(async () => vi.dynamicImportSettled());
    return onChoice;
  }
  const box = (name: string) =>
    document.querySelector<HTMLInputElement>(`input[type=checkbox][name=${name.toLowerCase()}]`)!;
  const ticked = () => ({ analytics: box('Analytics').checked, monitoring: box('Monitoring').checked });
  const press = async (name: string) => {
    await act(async () => screen.getByRole('button', { name }).click());
    await act(async () => vi.dynamicImportSettled());
  };

  it.each(CHOICES)('saves $name as ticked, records it and starts what it allows', async ({ choice, record }) => {
    const onChoice = await show('opt-in');
    expect(ticked()).toEqual({ analytics: false, monitoring: false });
    if (choice.analytics) box('Analytics').click();
    if (choice.monitoring) box('Monitoring').click();
    await press('Save my choice');
    expect(onChoice).toHaveBeenCalledExactlyOnceWith(choice);
    expect(consentCookie()).toBe(`v1.${today()}.${record}`);
    expect(document.getElementById(CONSENT_BANNER_ID)?.dataset.state).toBe('closed');
  });

  it.each([
    ['Accept all', { analytics: true, monitoring: true }],
    ['Reject all', { analytics: false, monitoring: false }],
  ])('"%s" grants what it says, whatever is ticked', async (button, choice) => {
    const onChoice = await show('opt-in');
    box('Monitoring').click();
    await press(button);
    expect(onChoice).toHaveBeenCalledExactlyOnceWith(choice);
    expect(parseConsent(consentCookie(), new Date())).toEqual(choice);
  });

  it.each([
    ['an opt-in host before a choice', 'opt-in', undefined, { analytics: false, monitoring: false }],
    ['an opt-out host before a choice', 'opt-out', undefined, { analytics: true, monitoring: true }],
    ...CHOICES.map(
      ({ name, choice, record }) => [`a recorded ${name}, on an opt-out host`, 'opt-out', record, choice] as const,
    ),
  ] as const)('ticks the boxes for %s', async (_name, regime, record, boxes) => {
    await show(regime, record && `v1.${today()}.${record}`);
    expect(ticked()).toEqual(boxes);
  });

  it('says which regime the host is under, in the short sentence and the long one', async () => {
    await show('opt-in');
    expect(screen.getByRole('region').textContent).toContain('May we use cookies to measure visits and find errors?');
    expect(screen.getByRole('region').textContent).toContain('None of it runs until you choose');
    cleanup();
    await show('opt-out');
    expect(screen.getByRole('region').textContent).toContain('We use cookies to measure visits and find errors.');
    expect(screen.getByRole('region').textContent).toContain('You can refuse them here at any time');
  });

  it('links the cookie policy from the short sentence and after the long one', async () => {
    await show('opt-out');
    // The short sentence shows on phones only, so it is looked up without regard to the screen.
    const links = Array.from(document.querySelectorAll(`#${CONSENT_BANNER_ID} a`), (link) => [
      link.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['cookies', '/de/cookies'],
        ['Cookie policy', '/de/cookies'],
      ]),
    );
  });

  it('describes each category next to its box', async () => {
    await show('opt-in');
    for (const [name, description] of [
      ['Analytics', 'Amplitude and Segment count visits with a random visitor ID.'],
      [
        'Monitoring',
        'Datadog records errors, loading times and the pages and buttons used, and replays some visits with everything you type hidden.',
      ],
      ['Strictly necessary', 'Your language and this choice. Always on.'],
    ]) {
      expect(screen.getByRole('checkbox', { name: new RegExp(`^${name}`), description })).toBeDefined();
    }
    expect(screen.getByRole('checkbox', { name: /^Strictly necessary/ })).toMatchObject({
      checked: true,
      disabled: true,
    });
  });

  it('applies a choice in place, and leaves a submit without a known button to the plain form post', async () => {
    const onChoice = await show('opt-in');
    const prevented: boolean[] = [];
    const listen = (event: Event) => prevented.push(event.defaultPrevented);
    document.addEventListener('submit', listen);
    try {
      await press('Accept all');
      act(
        () =>
          void document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
      );
    } finally {
      document.removeEventListener('submit', listen);
    }
    expect(prevented).toEqual([true, false]);
    expect(onChoice).toHaveBeenCalledOnce();
  });

  it('shows the boxes of the choice just made when reopened', async () => {
    await show('opt-in', `v1.${today()}.a0m0`);
    expect(ticked()).toEqual({ analytics: false, monitoring: false });
    await press('Accept all');
    expect(ticked()).toEqual({ analytics: true, monitoring: true });
  });

  it('leaves the focus where it is until reopened, and stays out of the tab order', async () => {
    await show('opt-in');
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('region', { name: 'Cookie choice' }).tabIndex).toBe(-1);
  });

  it('posts to /api/consent without JavaScript, under the id the footer link targets', async () => {
    await show('opt-in');
    const region = screen.getByRole('region', { name: 'Cookie choice' });
    expect(region.id).toBe('cookie-consent');
    const form = region.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/consent');
  });

  it('shows until a choice, and hides for a recorded one until reopened', async () => {
    const visible = () => screen.queryByRole('region', { name: 'Cookie choice' }) !== null;
    await show('opt-in');
    expect(visible()).toBe(true);
    await press('Reject all');
    expect(visible()).toBe(false);
    cleanup();
    // The head script marks a recorded choice before the body is parsed.
    document.documentElement.setAttribute('data-consent', 'recorded');
    await show('opt-in');
    expect(visible()).toBe(false);
  });

  it('shows for a recorded choice when the footer link targets it without JavaScript, and hides once chosen again', async () => {
    const visible = () => screen.queryByRole('region', { name: 'Cookie choice' }) !== null;
    document.documentElement.setAttribute('data-consent', 'recorded');
    window.history.replaceState(null, '', '#cookie-consent');
    try {
      await show('opt-in');
      expect(visible()).toBe(true);
      await press('Accept all');
      expect(visible()).toBe(false);
    } finally {
      window.history.replaceState(null, '', '/de/cookies');
    }
  });

  /** WCAG contrast ratio of two computed `rgb(…)` colours. */
  function contrast(foreground: string, background: string): number {
    const luminance = (colour: string) => {
      const channels = /^rgb\((\d+), (\d+), (\d+)\)$/
        .exec(colour)
        ?.slice(1)
        .map((value) => {
          const c = Number(value) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
      if (!channels) throw new Error(`not an opaque colour: ${colour}`);
      return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
    };
    const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  }

  it('gives accepting and refusing the same weight: same size and colour, side by side, 44 px tall, readable', async () => {
    await show('opt-in');
    const looks = ['Accept all', 'Reject all', 'Save my choice'].map((name) => {
      const style = getComputedStyle(screen.getByRole('button', { name }));
      return {
        minHeight: style.minHeight,
        padding: style.padding,
        border: style.border,
        radius: style.borderRadius,
        background: style.backgroundColor,
        colour: style.color,
        weight: style.fontWeight,
      };
    });
    expect(looks[1]).toEqual(looks[0]);
    expect(looks[2]).toEqual(looks[0]);
    expect(looks[0]!.minHeight).toBe('44px');
    expect(contrast(looks[0]!.colour, looks[0]!.background)).toBeGreaterThanOrEqual(4.5);
    expect(looks[0]!.border).toMatch(/^2px solid rgb/);
    const buttons = getComputedStyle(screen.getByRole('button', { name: 'Accept all' }).parentElement!);
    expect([buttons.display, buttons.gridTemplateColumns]).toEqual(['grid', 'repeat(2, minmax(0, 1fr))']);
  });

  it('keeps its policy link readable on its background', async () => {
    await show('opt-in');
    const region = screen.getByRole('region', { name: 'Cookie choice' });
    const link = getComputedStyle(screen.getAllByRole('link')[0]!);
    expect(contrast(link.color, getComputedStyle(region).backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(link.fontWeight).toBe('700');
  });

  it('shows again and takes the focus when reopened from the footer', async () => {
    document.documentElement.setAttribute('data-consent', 'recorded');
    let reopen = () => undefined as void;
    function Footer() {
      const consent = useConsentController('opt-out', () => undefined);
      reopen = consent.reopen;
      return (
        <ConsentProvider value={consent}>
          <ConsentBanner cookiePolicyHref="/de/cookies" />
        </ConsentProvider>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Footer />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Cookie choice' })).toBeNull();
    act(() => reopen());
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Cookie choice' }));
  });

  // Issue 36 item 4: a box is ticked only for what runs. Before the record and the browser's signals
  // are read (the static page, and the page without JavaScript, where nothing runs), that is nothing.
  it('ticks no box in the server-rendered page of an opt-out host, before the record is read', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ConsentProvider
          value={{ regime: 'opt-out', consent: undefined, choose: vi.fn(), banner: 'auto', reopen: vi.fn() }}
        >
          <ConsentBanner cookiePolicyHref="/de/cookies" />
        </ConsentProvider>
      </I18nextProvider>,
    );
    expect(ticked()).toEqual({ analytics: false, monitoring: false });
    expect(screen.getByRole('group', { name: 'Categories' })).toBeDefined();
    expect(document.querySelector('summary')?.textContent).toBe('Choose by category');
  });
});

describe('useConsent outside a page', () => {
  it('asks first and has nothing decided', () => {
    const { result } = renderHook(() => useConsent());
    expect(result.current).toMatchObject({ regime: 'opt-in', consent: undefined, banner: 'auto' });
    expect(() => result.current.choose({ analytics: true, monitoring: true })).not.toThrow();
    expect(() => result.current.reopen()).not.toThrow();
    expect(consentCookie()).toBeUndefined();
  });
});

describe('the head script', () => {
  const run = () => new Function(MARK_RECORDED_CONSENT_SCRIPT)();
  const marked = () => document.documentElement.getAttribute('data-consent');

  it.each(CHOICES)('hides the banner for a recorded $name', ({ record }) => {
    document.cookie = `consent=v1.${today()}.${record}; path=/`;
    run();
    expect(marked()).toBe('recorded');
  });

  it.each(['a2m0', 'a1', 'a1m0x'])('leaves it for a record ending %j', (ending) => {
    document.cookie = `consent=v1.${today()}.${ending}; path=/`;
    run();
    expect(marked()).toBeNull();
  });

  it('finds the record among other cookies', () => {
    document.cookie = 'language=de; path=/';
    document.cookie = `consent=v1.${today()}.a1m0; path=/`;
    document.cookie = 'zz=1; path=/';
    run();
    expect(marked()).toBe('recorded');
  });

  it.each([
    ['on the day of the choice', 0, true],
    ['a day of clock skew ahead', -86_400_000, true],
    ['more than a day ahead', -86_400_001, false],
    ['on its last valid moment', 182 * 86_400_000 - 1, true],
    ['after 182 days', 182 * 86_400_000, false],
  ])('agrees with parseConsent %s', (_when, age, valid) => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T00:00:00Z') + age, toFake: ['Date'] });
    try {
      document.cookie = 'consent=v1.2026-11-24.a0m1; path=/';
      run();
      expect(marked() === 'recorded').toBe(valid);
      expect(parseConsent('v1.2026-11-24.a0m1', new Date()) !== undefined).toBe(valid);
    } finally {
      vi.useRealTimers();
    }
  });
});
