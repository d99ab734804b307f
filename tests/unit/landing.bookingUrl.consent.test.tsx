// @vitest-environment jsdom
// Spec §4 / issue 36 item 2: a booking link carries the visit's campaign only with analytics
// allowed. Issue 42: only a landing query makes the link depend on consent, so without one the
// landing view is not rendered again when a returning visitor's record becomes known at mount.
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentState } from '@/consent/ConsentContext';

const TARGET = { slug: 'kings-cross-station', type: 'poi', lat: 51.53, lng: -0.12, locale: 'en' } as const;

afterEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
});

/** The hook in a component that counts its renders, under a consent provider the test updates. */
async function renderLinkAt(search: string) {
  vi.doMock('@/base/arrival', () => ({ landingSearch: () => search }));
  const { ConsentProvider } = await import('@/consent/ConsentContext');
  const { useBookingUrl } = await import('@/landing/useBookingUrl');
  const renders: string[] = [];
  function Link() {
    const href = useBookingUrl(TARGET);
    renders.push(href);
    return <a href={href}>Book</a>;
  }
  const state = (analytics: boolean | undefined): ConsentState => ({
    regime: 'opt-in',
    consent: analytics === undefined ? undefined : { analytics, monitoring: analytics },
    choose: () => undefined,
    banner: 'auto',
    reopen: () => undefined,
  });
  const wrap = (analytics: boolean | undefined, children: ReactNode) => (
    <ConsentProvider value={state(analytics)}>{children}</ConsentProvider>
  );
  // A stable child element, as the page is below the app's provider: only a reader of the context re-renders.
  const link = <Link />;
  const view = render(wrap(undefined, link));
  const consentKnown = () => act(() => view.rerender(wrap(true, link)));
  return { renders, consentKnown };
}

describe('bookingTarget', () => {
  it("searches near the page's place, in its language", async () => {
    const { bookingTarget } = await import('@/landing/useBookingUrl');
    const props = { slug: 'kyoto-station', type: 'poi', locale: 'ja', place: { lat: 34.98, lng: 135.75 } };
    expect(bookingTarget(props as unknown as Parameters<typeof bookingTarget>[0])).toEqual({
      slug: 'kyoto-station',
      type: 'poi',
      lat: 34.98,
      lng: 135.75,
      locale: 'ja',
    });
  });
});

describe('useBookingUrl', () => {
  it('without a landing query, is not rendered again when consent becomes known', async () => {
    const { renders, consentKnown } = await renderLinkAt('');
    await consentKnown();
    expect(renders).toHaveLength(1);
    expect(renders[0]).not.toContain('utm_');
  });

  it('with a landing query, adds the campaign once analytics is allowed', async () => {
    const { renders, consentKnown } = await renderLinkAt('?utm_source=newsletter');
    expect(renders.at(-1)).not.toContain('utm_source');
    await consentKnown();
    expect(renders.at(-1)).toContain('utm_source=newsletter');
  });
});
