import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';
import { PRICE_BOOK } from '../../../src/content/pricing';
import { negotiateLanguage } from '../../../src/i18n/pageLanguage';
import { WEBSITE_LOCALES, type WebsiteLocale } from '../../../src/i18n/websiteLocales';
import { PLACES } from '../../../src/tenancy/placeData';
import { GRAPHQL_PORT, SITE_PORT } from './collectorConfig';

/**
 * A local stand-in for the environment's GraphQL API: `storageSpotsNear` answers a few
 * spots computed only from the coordinates and the request's `Accept-Language` (its one free-text
 * value, the hours of a spot open around the clock, in that language; prices in the currency of the
 * catalogue's place at those coordinates), so tests know exactly what a page may show, and fails
 * with a GraphQL error near Prague, so tests have a failure case.
 */

export interface TestSpot {
  id: string;
  name: string;
  distanceKm: number;
  rating: number | null;
  openingHours: string | null;
  price: { amount: number; currency: string } | null;
}

/** Any `lat` within FAILING_LAT_TOLERANCE of this (Prague's centre) gets a GraphQL error. */
export const FAILING_LAT = 50.0755;
const FAILING_LAT_TOLERANCE = 0.01;
export const FAILURE_MESSAGE = 'Storage spots are unavailable here (test failure case)';
/** No spots at all around Null Island (0, 0), so tests have an empty case. */
export const EMPTY_AT = { lat: 0, lng: 0 } as const;

/** Where the site's pages run: `http://localhost:3100` and every `http://{host}.localhost:3100`. */
export const siteOriginPattern = (sitePort: number) =>
  new RegExp(`^http://([a-z0-9-]+\\.)*localhost:${sitePort}$`, 'i');

/** "Open around the clock" as a localising API would write it, in each of the site's languages. */
const ALWAYS_OPEN: Record<WebsiteLocale, string> = {
  en: '24 hours',
  es: '24 horas',
  fr: '24 h/24',
  de: 'rund um die Uhr',
  it: '24 ore su 24',
  pt: '24 horas',
  ja: '24時間',
  ko: '24시간',
  zh: '24小时',
  ru: 'круглосуточно',
  pl: 'całą dobę',
};

/**
 * The hours of a spot open around the clock, in the first language of an `Accept-Language` value
 * the site offers, read as the site reads the header (src/i18n/pageLanguage.ts); English for any other.
 */
export const alwaysOpen = (acceptLanguage: string): string =>
  ALWAYS_OPEN[negotiateLanguage(acceptLanguage, WEBSITE_LOCALES) ?? 'en'];

/** The currency of the catalogue's place at these coordinates (tenants/places.json); euros anywhere else. */
function currencyAt(lat: number, lng: number): string {
  const place = Object.values(PLACES).find(
    (candidate) => Math.abs(candidate.lat - lat) < 0.001 && Math.abs(candidate.lng - lng) < 0.001,
  );
  return place?.currency ?? 'EUR';
}

const TEMPLATES = [
  { letter: 'A', distanceKm: 0.25, rating: 4.8, hours: () => '08:00–22:00', priceFactor: 1 },
  { letter: 'B', distanceKm: 0.9, rating: 4.5, hours: alwaysOpen, priceFactor: 1.3 },
  // Optional fields left out, so tests see that nothing is made up for them.
  { letter: 'C', distanceKm: 1.6, rating: null, hours: () => null, priceFactor: null },
] as const;

/** The spots the resolver answers for these variables and `Accept-Language`, nearest first. */
export function spotsNear(
  lat: number,
  lng: number,
  radiusKm: number,
  limit: number,
  acceptLanguage = 'en',
): TestSpot[] {
  if (Math.abs(lat - EMPTY_AT.lat) < 0.01 && Math.abs(lng - EMPTY_AT.lng) < 0.01) return [];
  const where = `${lat.toFixed(3)},${lng.toFixed(3)}`;
  const currency = currencyAt(lat, lng);
  // The site's own lowest price there (src/content/pricing.ts), and 30 % more.
  const from = PRICE_BOOK[currency]!.dailyFrom;
  return TEMPLATES.filter((template) => template.distanceKm <= radiusKm)
    .slice(0, Math.max(0, limit))
    .map((template) => ({
      id: `spot-${template.letter.toLowerCase()}-${where}`,
      name: `Spot ${template.letter} near ${where}`,
      distanceKm: template.distanceKm,
      rating: template.rating,
      openingHours: template.hours(acceptLanguage),
      price: template.priceFactor && { amount: Math.round(from * template.priceFactor * 100) / 100, currency },
    }));
}

const typeDefs = /* GraphQL */ `
  type Price {
    amount: Float!
    currency: String!
  }
  type StorageSpot {
    id: ID!
    name: String!
    distanceKm: Float!
    rating: Float
    openingHours: String
    price: Price
  }
  type Query {
    storageSpotsNear(lat: Float!, lng: Float!, radiusKm: Float!, limit: Int!): [StorageSpot!]!
  }
`;

interface Args {
  lat: number;
  lng: number;
  radiusKm: number;
  limit: number;
}

export interface GraphqlServer {
  server: Server;
  port: number;
  /** `http://localhost:{port}/graphql` */
  url: string;
  /** The variables and `Accept-Language` of every `storageSpotsNear` call so far, in order (retries included). */
  calls: (Args & { acceptLanguage: string | null })[];
  /**
   * Marks every spot name from now on ("Spot A near … · {edition}"): a content change a test can
   * make and then look for in regenerated pages (tests/e2e/topology.spec.ts). Empty: no mark.
   */
  setEdition(edition: string): void;
  close(): Promise<void>;
}

export interface GraphqlServerOptions {
  /** The port the site's pages are served on; their origins may call the API from the browser. */
  sitePort?: number;
}

/** Starts the API on `port` (0 picks a free one) at `/graphql`. */
export function startGraphqlServer(
  port = GRAPHQL_PORT,
  { sitePort = SITE_PORT }: GraphqlServerOptions = {},
): Promise<GraphqlServer> {
  const calls: GraphqlServer['calls'] = [];
  let edition = '';
  const allowed = siteOriginPattern(sitePort);
  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          storageSpotsNear: (_root: unknown, args: Args, { request }: { request: Request }) => {
            const acceptLanguage = request.headers.get('accept-language');
            calls.push({ ...args, acceptLanguage });
            if (Math.abs(args.lat - FAILING_LAT) < FAILING_LAT_TOLERANCE) throw createGraphQLError(FAILURE_MESSAGE);
            const spots = spotsNear(args.lat, args.lng, args.radiusKm, args.limit, acceptLanguage ?? undefined);
            return edition ? spots.map((spot) => ({ ...spot, name: `${spot.name} · ${edition}` })) : spots;
          },
        },
      },
    }),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: false,
    logging: false,
    // Only the site's own origins; no credentials are needed or allowed.
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !allowed.test(origin)) return false;
      // Request headers are echoed from the preflight, so tracing headers a monitoring SDK may add still pass.
      return { origin: [origin], methods: ['POST', 'OPTIONS'], credentials: false, maxAge: 600 };
    },
  });
  const server = createServer(yoga);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: actual,
        url: `http://localhost:${actual}/graphql`,
        calls,
        setEdition: (next) => {
          edition = next;
        },
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}
