// @vitest-environment jsdom
// The map is labelled and accessible, drawn inline, and requests nothing.
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { layoutMap } from '@/landing/map/layout';
import { PlaceMap } from '@/landing/map/PlaceMap';
import microsites from '../../locales/de/microsites.json';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'de',
    ns: ['microsites'],
    defaultNS: 'microsites',
    resources: { de: { microsites } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const KINGS_CROSS = { lat: 51.5308, lng: -0.1238 };
const NEIGHBOURS = [
  { name: 'St Pancras International', distance: '0,2 km', lat: 51.532, lng: -0.1263 },
  { name: 'Euston', distance: '0,7 km', lat: 51.5282, lng: -0.1337 },
];

describe('PlaceMap', () => {
  it('is one labelled image: the place, and each neighbour by its number, name and distance', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <PlaceMap
          name="Bahnhof King’s Cross"
          reference="des Bahnhofs King’s Cross"
          layout={layoutMap(KINGS_CROSS, NEIGHBOURS)}
          neighbours={NEIGHBOURS}
        />
      </I18nextProvider>,
    );
    const map = screen.getByRole('img', { name: /Karte: Bahnhof King’s Cross und die unten aufgeführten Orte/ });
    expect(map.getAttribute('aria-labelledby')).toBe('place-map-title place-map-desc');
    expect(document.getElementById('place-map-desc')?.textContent).toBe(
      '1. St Pancras International, 0,2 km; 2. Euston, 0,7 km',
    );
    expect([...map.querySelectorAll('.pin text')].map((text) => text.textContent)).toEqual(['1', '2']);
    expect(map.getAttribute('viewBox')).toBe('0 0 480 280');
    // Issue 21: the caption's sentence keeps the article ("die Lage des Bahnhofs …", not "ist Bahnhof …").
    expect(screen.getByText(/^Die gelbe Markierung zeigt die Lage des Bahnhofs King’s Cross;/)).toBeTruthy();
    // Drawn from coordinates alone: nothing in it points anywhere.
    expect(map.querySelectorAll('image, use, a, [href]')).toHaveLength(0);
  });
});
