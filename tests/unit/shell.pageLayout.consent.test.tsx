// @vitest-environment jsdom
// Issue 42: the page layout puts the banner, the header and the footer in boundaries of their own
// (src/shell/LowPriorityHydration.tsx); a render of the layout before they hydrate makes React
// hydrate all three at once. So a consent state that becomes known at mount (a returning visitor's
// record, an opt-out host) must not render the layout again: only the banner reads it.
import { act, render, screen } from '@testing-library/react';
import type * as Lookup from '@/i18n/browserLookup';
import { describe, expect, it, vi } from 'vitest';
import { ConsentProvider, type ConsentState } from '@/consent/ConsentContext';
import { PageLayout } from '@/shell/PageLayout';

const layoutRenders = vi.hoisted(() => ({ count: 0 }));
// The layout is the one caller of useTranslation with both namespaces once the banner is a stub.
vi.mock('next-i18next/pages', async () => {
  const lookup = await vi.importActual<typeof Lookup>('@/i18n/browserLookup');
  return {
    ...lookup,
    useTranslation: (namespaces?: string | readonly string[]) => {
      if (Array.isArray(namespaces) && namespaces.join() === 'microsites,legal') layoutRenders.count += 1;
      return lookup.useTranslation(namespaces);
    },
  };
});
vi.mock('@/consent/ConsentBanner', () => ({ CONSENT_BANNER_ID: 'cookie-consent', ConsentBanner: () => null }));

describe('the page layout and the consent', () => {
  it('is not rendered again when the consent becomes known, and its footer still reopens the banner', () => {
    const reopen = vi.fn();
    const state = (analytics: boolean | undefined): ConsentState => ({
      regime: 'opt-in',
      consent: analytics === undefined ? undefined : { analytics, monitoring: analytics },
      choose: () => undefined,
      banner: 'auto',
      reopen,
    });
    // One element for the page's life, as below the app's provider (src/shell/StablePage.tsx).
    const layout = (
      <PageLayout year={2026}>
        <p>content</p>
      </PageLayout>
    );
    const view = render(<ConsentProvider value={state(undefined)}>{layout}</ConsentProvider>);
    expect(layoutRenders.count).toBe(1);

    act(() => view.rerender(<ConsentProvider value={state(true)}>{layout}</ConsentProvider>));
    expect(layoutRenders.count).toBe(1);

    act(() => screen.getByRole('link', { name: 'consent.reopen' }).click());
    expect(reopen).toHaveBeenCalledOnce();
  });
});
