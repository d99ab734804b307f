// @vitest-environment jsdom
// Nearby storage spots, optional live data:, spec §7 (a GraphQL API per environment),
// spec §8 and §9 (the data cache retries failed queries 3 times on the client), spec §3 (distances
// in the locale's distance system). The section renders only what the API sent, and after the
// retries a quiet error state with the booking link. The server's list (formatted in getStaticProps)
// stays on screen while the browser refreshes it and when the refresh fails; a refresh equal to it
// builds no Intl object in the browser.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { regionalFormat, type RegionalFormat } from '@/i18n/regionalLocale';
import { StorageSpotsRefresher } from '@/landing/storage/LiveStorageSpots';
import { storageSpotsSection, type StorageSpotsSection } from '@/landing/storage/spotCards';
import { fetchStorageSpots, STORAGE_SPOTS_LIMIT, STORAGE_SPOTS_RADIUS_KM } from '@/landing/storage/storageQuery';
import { createQueryClient } from '@/shell/queryClient';
import microsites from '../../locales/en/microsites.json';
import {
  alwaysOpen,
  EMPTY_AT,
  FAILING_LAT,
  startGraphqlServer,
  type GraphqlServer,
} from '../e2e/support/graphqlServer';

const BOOKING_URL = 'https://app.example.org/search?place=prague';

let api: GraphqlServer;
let i18n: I18n;

beforeAll(async () => {
  api = await startGraphqlServer(0);
  i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['microsites'],
    defaultNS: 'microsites',
    resources: { en: { microsites } },
    interpolation: { escapeValue: false },
  });
});
afterAll(() => api.close());
afterEach(cleanup);

/** The app's browser QueryClient (3 retries), with no wait between retries to keep the test fast. */
function browserQueryClient(): QueryClient {
  const client = createQueryClient(false);
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return client;
}

function renderSpots(
  place: { slug: string; lat: number; lng: number; where: string },
  format: RegionalFormat = regionalFormat('en', 'GB'),
  initial?: StorageSpotsSection,
) {
  const client = browserQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <StorageSpotsRefresher
          graphqlUrl={api.url}
          place={place}
          format={format}
          bookingUrl={BOOKING_URL}
          initial={initial}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

const KINGS_CROSS = { slug: 'kings-cross-station', lat: 51.5308, lng: -0.1238, where: "near King's Cross Station" };
const PRAGUE = { slug: 'prague', lat: FAILING_LAT, lng: 14.4378, where: 'in Prague' };

describe('StorageSpots', () => {
  it('is a labelled section that says it is loading, then lists the spots the API sent', async () => {
    renderSpots(KINGS_CROSS);
    const section = screen.getByRole('region', { name: "Storage spots near King's Cross Station" });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(
      "Storage spots near King's Cross Station",
    );
    const loading = within(section).getByText('Loading storage spots…');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();

    const list = await within(section).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(section.querySelector('[aria-busy="true"]')).toBeNull();
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Spot A near 51.531,-0.124', 'Spot B near 51.531,-0.124', 'Spot C near 51.531,-0.124']);

    // Every line is one of the server's values in the page's words: distance in miles in GB (§3).
    expect([...items[0]!.querySelectorAll('h3, p')].map((node) => node.textContent)).toEqual([
      'Spot A near 51.531,-0.124',
      '0.2\u00a0mi away',
      'Rated 4.8 out of 5',
      'Open 08:00–22:00',
      'From £5 per day',
    ]);
    expect(within(items[1]!).getByText('From £6.50 per day')).toBeTruthy();
    expect(within(items[1]!).getByText('Open 24 hours')).toBeTruthy();
  });

  it('never makes up what the API left out, nor adds spots of its own', async () => {
    renderSpots(KINGS_CROSS);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Spot C has no rating, hours or price in the API: only its name and distance are shown.
    expect([...items[2]!.querySelectorAll('h3, p')].map((node) => node.textContent)).toEqual([
      'Spot C near 51.531,-0.124',
      '1\u00a0mi away',
    ]);
    expect(items[2]!.textContent).not.toMatch(/Rated|Open|From/);
    // No error or empty note next to real data.
    expect(screen.queryByText(/could not be loaded|No storage spots/)).toBeNull();
  });

  it('shows distances and prices in the regional format’s own digits and units', async () => {
    renderSpots({ ...KINGS_CROSS, slug: 'kings-cross-station-de' }, regionalFormat('de', 'DE'));
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('0,3 km away')).toBeTruthy();
    expect(within(items[0]!).getByText('Rated 4,8 out of 5')).toBeTruthy();
    // The text matcher folds the no-break space Intl puts before the £ into a plain space.
    expect(within(items[1]!).getByText('From 6,50 £ per day')).toBeTruthy();
  });

  it('after 3 retries shows a quiet error with the booking link, and no spots', async () => {
    const callsBefore = api.calls.length;
    renderSpots(PRAGUE);
    const note = await screen.findByText(
      /Storage spots could not be loaded just now\. You can still search every spot in Prague\./,
    );
    const link = within(note).getByRole('link', { name: 'Find storage in Prague' });
    expect(link.getAttribute('href')).toBe(BOOKING_URL);
    // One try plus the app QueryClient's 3 retries (spec §8, §9).
    expect(api.calls.length - callsBefore).toBe(4);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByText(/Spot [A-Z] near/)).toBeNull();
    // Quiet: no alert role, the section heading is still there.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Storage spots in Prague' })).toBeTruthy();
  });

  it('says so when the API has no spots near the place', async () => {
    renderSpots({ slug: 'null-island', ...EMPTY_AT, where: 'near Null Island' });
    expect(await screen.findByText('No storage spots are listed near Null Island yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  describe('with the server’s list', () => {
    /** The section as getStaticProps hands it over: the API's list near `place`, formatted on the server. */
    async function serverSection(place: { lat: number; lng: number }, format: RegionalFormat) {
      const spots = await fetchStorageSpots(
        api.url,
        {
          lat: place.lat,
          lng: place.lng,
          radiusKm: STORAGE_SPOTS_RADIUS_KM,
          limit: STORAGE_SPOTS_LIMIT,
        },
        { locale: format.locale },
      );
      return storageSpotsSection({ status: 'ok', spots }, format);
    }

    /** Counts the Intl objects built until `stop` (constructor calls, with or without `new`). */
    function countIntl() {
      const names = ['NumberFormat', 'Locale', 'PluralRules', 'DateTimeFormat'] as const;
      const originals = names.map((name) => [name, Intl[name]] as const);
      let count = 0;
      for (const [name, original] of originals) {
        const counted = new Proxy(original, {
          construct: (target, args, newTarget) => {
            count += 1;
            return Reflect.construct(target, args, newTarget) as object;
          },
          apply: (target, self, args) => {
            count += 1;
            return Reflect.apply(target, self, args) as unknown;
          },
        });
        Object.assign(Intl, { [name]: counted });
      }
      return {
        count: () => count,
        stop: () => originals.forEach(([name, original]) => Object.assign(Intl, { [name]: original })),
      };
    }

    // The refresh asks in the page's language as the server did, so the API's free text (a spot's
    // hours) matches and the server's cards stay: asked in another language, the list would differ.
    it.each([
      ['en', 'GB'],
      ['ja', 'JP'],
    ] as const)(
      'keeps it on screen while refreshing, and builds no Intl object when the refresh brings the same list (%s-%s)',
      async (language, country) => {
        const format = regionalFormat(language, country);
        const initial = await serverSection(KINGS_CROSS, format);
        const intl = countIntl();
        try {
          const slug = `kings-cross-station-same-${language}`;
          const client = renderSpots({ ...KINGS_CROSS, slug }, format, initial);
          // At once, before the refresh answers: the server's cards, no loading note.
          expect(screen.getAllByRole('listitem')).toHaveLength(3);
          expect(screen.queryByText('Loading storage spots…')).toBeNull();
          // The refresh has answered (and the section rendered it) before anything is counted.
          await waitFor(() =>
            expect(client.getQueryState(['storageSpots', slug, format.locale])?.status).toBe('success'),
          );
          expect(screen.getAllByRole('listitem')).toHaveLength(3);
          expect(api.calls.at(-1)?.acceptLanguage).toBe(`${format.locale}, ${language};q=0.9`);
          expect(screen.getByText(alwaysOpen(format.locale), { exact: false })).toBeTruthy();
          expect(intl.count()).toBe(0);
        } finally {
          intl.stop();
        }
      },
    );

    it('shows a refreshed list that differs, written in the page’s format', async () => {
      const format = regionalFormat('de', 'DE');
      // The server saw other spots: the list of another place, two of them.
      const stale = await serverSection({ lat: 48.8402, lng: 2.3193 }, format);
      if (stale.status !== 'ok') throw new Error('the test API answered an error');
      const initial = { ...stale, cards: stale.cards.slice(0, 2) };
      renderSpots({ ...KINGS_CROSS, slug: 'kings-cross-station-changed' }, format, initial);
      expect(screen.getAllByRole('listitem')).toHaveLength(2);
      expect(await screen.findByText('Spot A near 51.531,-0.124')).toBeTruthy();
      const items = screen.getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(within(items[0]!).getByText('0,3 km away')).toBeTruthy();
      expect(within(items[0]!).getByText('Rated 4,8 out of 5')).toBeTruthy();
    });

    it('keeps it on screen when the refresh fails, with no error note', async () => {
      const format = regionalFormat('en', 'GB');
      // Spots the server had before the API began failing near Prague.
      const initial = await serverSection(KINGS_CROSS, format);
      const callsBefore = api.calls.length;
      const client = renderSpots({ ...PRAGUE, slug: 'prague-kept' }, format, initial);
      // One try plus the app QueryClient's 3 retries, all failing.
      await waitFor(() =>
        expect(client.getQueryState(['storageSpots', 'prague-kept', format.locale])?.status).toBe('error'),
      );
      expect(api.calls.length - callsBefore).toBe(4);
      expect(screen.getAllByRole('listitem')).toHaveLength(3);
      expect(screen.getByText('Spot A near 51.531,-0.124')).toBeTruthy();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
    });
  });
});
