import type { WebsiteLocale } from '@/i18n/websiteLocales';
import type { PlaceKind, TenantType } from '@/tenancy/types';

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
    /** The parent city's name in this locale, for places inside a city. */
    cityName: string | null;
    lat: number;
    lng: number;
  };
  price: {
    dailyFrom: string;
    guarantee: string;
  };
  year: number;
}
