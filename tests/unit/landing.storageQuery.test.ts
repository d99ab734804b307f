// Nearby storage spots, optional live data over spec §7 (a GraphQL API per
// environment): fetchStorageSpots POSTs { query, variables } as JSON, asking in the page's
// language, and throws on a non-2xx status, a GraphQL `errors` array or a malformed shape, so no
// spot is ever made up.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  fetchStorageSpots,
  parseStorageSpotsResponse,
  STORAGE_SPOTS_QUERY,
  type FetchLike,
} from '@/landing/storage/storageQuery';
import {
  FAILURE_MESSAGE,
  siteOriginPattern,
  spotsNear,
  startGraphqlServer,
  type GraphqlServer,
} from '../e2e/support/graphqlServer';

const KINGS_CROSS = { lat: 51.5308, lng: -0.1238, radiusKm: 2, limit: 6 };
const PRAGUE = { lat: 50.0755, lng: 14.4378, radiusKm: 2, limit: 6 };

const jsonResponse = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const stub = (response: Response) => vi.fn<FetchLike>(async () => response);
const BRITISH = { locale: 'en-GB' };
const british = (fetchImpl: FetchLike) => ({ ...BRITISH, fetchImpl });

describe('fetchStorageSpots against a real GraphQL server', () => {
  let api: GraphqlServer;
  beforeAll(async () => {
    api = await startGraphqlServer(0);
  });
  afterAll(() => api.close());

  it('returns exactly the spots the server sent for the coordinates', async () => {
    const spots = await fetchStorageSpots(api.url, KINGS_CROSS, BRITISH);
    expect(spots).toEqual(spotsNear(KINGS_CROSS.lat, KINGS_CROSS.lng, KINGS_CROSS.radiusKm, KINGS_CROSS.limit));
    expect(spots.map((spot) => spot.name)).toEqual([
      'Spot A near 51.531,-0.124',
      'Spot B near 51.531,-0.124',
      'Spot C near 51.531,-0.124',
    ]);
    expect(spots[2]).toMatchObject({ rating: null, openingHours: null, price: null });
    expect(api.calls.at(-1)).toEqual({ ...KINGS_CROSS, acceptLanguage: 'en-GB, en;q=0.9' });
  });

  it('asks in the page’s language, and shows the API’s free text as it answered in it', async () => {
    const spots = await fetchStorageSpots(api.url, KINGS_CROSS, { locale: 'ja-JP' });
    expect(api.calls.at(-1)?.acceptLanguage).toBe('ja-JP, ja;q=0.9');
    expect(spots.map((spot) => spot.openingHours)).toEqual(['08:00–22:00', '24時間', null]);
  });

  it('sends the radius and limit as variables', async () => {
    const spots = await fetchStorageSpots(api.url, { ...KINGS_CROSS, radiusKm: 1, limit: 1 }, BRITISH);
    expect(spots.map((spot) => spot.id)).toEqual(['spot-a-51.531,-0.124']);
  });

  it('throws the GraphQL error the server answers near Prague', async () => {
    await expect(fetchStorageSpots(api.url, PRAGUE, BRITISH)).rejects.toThrow(
      `Storage spots query failed: ${FAILURE_MESSAGE}`,
    );
  });

  it('throws on a non-2xx answer (unknown endpoint)', async () => {
    await expect(fetchStorageSpots(api.url.replace('/graphql', '/nope'), KINGS_CROSS, BRITISH)).rejects.toThrow(
      /HTTP 404/,
    );
  });

  it('throws when nobody listens', async () => {
    const down = await startGraphqlServer(0);
    await down.close();
    await expect(fetchStorageSpots(down.url, KINGS_CROSS, BRITISH)).rejects.toThrow();
  });
});

describe('fetchStorageSpots request and answer handling', () => {
  it('POSTs the documented query and variables as JSON', async () => {
    const fetchImpl = stub(jsonResponse(200, { data: { storageSpotsNear: [] } }));
    await expect(
      fetchStorageSpots('https://api.example.org/graphql', KINGS_CROSS, british(fetchImpl)),
    ).resolves.toEqual([]);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://api.example.org/graphql');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('accept-language')).toBe('en-GB, en;q=0.9');
    expect(JSON.parse(init.body as string)).toEqual({ query: STORAGE_SPOTS_QUERY, variables: KINGS_CROSS });
    expect(STORAGE_SPOTS_QUERY).toContain('storageSpotsNear(lat: $lat, lng: $lng, radiusKm: $radiusKm, limit: $limit)');
  });

  it.each([500, 502, 429, 400])('throws on HTTP %i', async (status) => {
    await expect(
      fetchStorageSpots(
        'https://x/graphql',
        KINGS_CROSS,
        british(stub(jsonResponse(status, { data: { storageSpotsNear: [] } }))),
      ),
    ).rejects.toThrow(`HTTP ${status}`);
  });

  it('throws on an errors array even when data is present', async () => {
    const body = { data: { storageSpotsNear: [] }, errors: [{ message: 'boom' }, { message: 'again' }] };
    await expect(
      fetchStorageSpots('https://x/graphql', KINGS_CROSS, british(stub(jsonResponse(200, body)))),
    ).rejects.toThrow('boom; again');
  });

  it('throws on a body that is not JSON', async () => {
    await expect(
      fetchStorageSpots('https://x/graphql', KINGS_CROSS, british(stub(jsonResponse(200, '<html>')))),
    ).rejects.toThrow('not valid JSON');
  });

  const spot = {
    id: 's1',
    name: 'Real spot',
    distanceKm: 0.4,
    rating: 4.2,
    openingHours: '9–5',
    price: { amount: 5, currency: 'GBP' },
  };

  it.each([
    ['a JSON array', []],
    ['no data', {}],
    ['null data', { data: null }],
    ['a list that is not a list', { data: { storageSpotsNear: {} } }],
    ['a spot without a name', { data: { storageSpotsNear: [{ ...spot, name: '' }] } }],
    ['a spot without an id', { data: { storageSpotsNear: [{ ...spot, id: undefined }] } }],
    ['a distance as text', { data: { storageSpotsNear: [{ ...spot, distanceKm: '0.4' }] } }],
    ['a rating above 5', { data: { storageSpotsNear: [{ ...spot, rating: 7 }] } }],
    ['a price without a currency', { data: { storageSpotsNear: [{ ...spot, price: { amount: 5 } }] } }],
    [
      'a currency that is not ISO 4217',
      { data: { storageSpotsNear: [{ ...spot, price: { amount: 5, currency: '£' } }] } },
    ],
    ['hours as a number', { data: { storageSpotsNear: [{ ...spot, openingHours: 9 }] } }],
    ['a missing optional field', { data: { storageSpotsNear: [{ ...spot, rating: undefined }] } }],
    ['duplicate ids', { data: { storageSpotsNear: [spot, spot] } }],
  ])('throws on a malformed answer: %s', async (_label, body) => {
    await expect(
      fetchStorageSpots('https://x/graphql', KINGS_CROSS, british(stub(jsonResponse(200, body)))),
    ).rejects.toThrow(/Malformed|not a JSON object/);
  });

  it('keeps a well-formed spot as it is, with null for what the API does not know', () => {
    const sparse = { ...spot, id: 's2', rating: null, openingHours: null, price: null };
    expect(parseStorageSpotsResponse({ data: { storageSpotsNear: [spot, sparse] } })).toEqual([spot, sparse]);
  });
});

describe('the test server', () => {
  it('lets the site origins call it, and no others', () => {
    const pattern = siteOriginPattern(3100);
    expect(pattern.test('http://kingscross-bagberth.co.uk.localhost:3100')).toBe(true);
    expect(pattern.test('http://localhost:3100')).toBe(true);
    expect(pattern.test('http://evil.example:3100')).toBe(false);
    expect(pattern.test('http://kingscross-bagberth.co.uk.localhost:3101')).toBe(false);
  });
});
