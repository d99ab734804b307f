import type { NeighbourHeading } from '@/content/nearby';
import type { ConsentRegime } from '@/tenancy/consentRegime';
import type { HeroImage } from './heroPicture';
import type { MapLayout } from './map/layout';
import type { StorageSpotsSection } from './storage/spotCards';
import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { RegionalFormat } from '@/i18n/regionalLocale';
import type { Crumb } from '@/seo/jsonLd';
import type { Alternate } from '@/seo/urls';
import type { PlaceKind, TenantType } from '@/tenancy/types';

/** Another tenant place a landing page links to. */
export interface NearbyLink {
  name: string;
  kind: PlaceKind;
  href: string;
  hrefLang: WebsiteLocale;
  /** Formatted in the page's distance system (miles or km). */
  distance: string;
}

/** Everything a landing page renders, resolved and formatted on the server. */
export interface LandingProps {
  slug: string;
  type: TenantType;
  locale: WebsiteLocale;
  /** The locales this page (and each of its hosts) offers. */
  locales: WebsiteLocale[];
  place: {
    kind: PlaceKind;
    name: string;
    /**
     * Where the storage is, as it reads mid-sentence in this locale: "near the Eiffel Tower",
     * "près de la tour Eiffel", "in der Nähe des Eiffelturms" for a POI; "in London", "w Londynie"
     * for a city. Templates take it as `{{where}}`; `name` (nominative) only where no grammar applies.
     */
    where: string;
    /**
     * How the map caption refers to the place, article included ("the London Eye", "des
     * Eiffelturms", "della stazione …"; src/tenancy/placePhrases.ts); null where only its name fits.
     */
    reference: string | null;
    /** The parent city's name in this locale, for places inside a city. */
    cityName: string | null;
    /** The parent city as `where` reads for a city ("in London", "w Londynie"). */
    cityWhere: string | null;
    country: string;
    lat: number;
    lng: number;
    /** The place's time zone as readers of this locale name it, never an IANA id. */
    timeZoneName: string;
  };
  /** The cookie consent regime of the host's country (tenancy/consentRegime.ts). */
  consentRegime: ConsentRegime;
  /** The hero picture of the place's kind, sized for each breakpoint. */
  heroImage: HeroImage;
  /** How money, numbers, distances and dates are written: the locale as the host's country writes it. */
  format: RegionalFormat;
  price: {
    dailyFrom: string;
    guarantee: string;
  };
  /** City pages: the places in the city; stations and landmarks: places near; airports: the city and its stations. */
  nearby: NearbyLink[];
  nearbyHeading: NeighbourHeading;
  /** The map of the place and its neighbours, numbered as `nearby`. */
  nearbyMap: MapLayout;
  seo: {
    canonical: string;
    alternates: Alternate[];
    /** The per-place share image, absolute. */
    image: string;
    /** Canonical URLs, for structured data. */
    breadcrumb: Crumb[];
    organizationUrl: string;
  };
  /** The same trail for the visible breadcrumb, with links a local preview can follow. */
  trail: Crumb[];
  /** The GraphQL API for live storage spots; null when not configured (the section is absent). */
  graphqlUrl: string | null;
  year: number;
}

/** A landing page's props: LandingProps plus what getStaticProps fetched for it. */
export interface LandingPageProps extends LandingProps {
  /**
   * The spots near the place, formatted for their cards, when GRAPHQL_URL is set; null without it
   * (the section is absent).
   */
  storageSpots: StorageSpotsSection | null;
}
