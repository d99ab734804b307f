import { localeEntryFor } from '@/i18n/localeTable';
import type { WebsiteLocale } from '@/i18n/websiteLocales';
import { BRAND_NAME } from './jsonLd';

/** A `<meta>` tag: Open Graph uses `property`, Twitter uses `name`. */
export type MetaTag = { property: string; content: string } | { name: string; content: string };

export interface SocialMetaInput {
  title: string;
  description: string;
  /** The page's canonical URL. */
  url: string;
  /** Absolute URL of the place's share image. */
  imageUrl: string;
  imageAlt?: string;
  locale: WebsiteLocale;
  /** The page's other locales, announced as og:locale:alternate. */
  alternateLocales?: readonly WebsiteLocale[];
  siteName?: string;
}

/** Open Graph writes locales with an underscore: de → de_DE, en → en_US. */
export function ogLocale(locale: WebsiteLocale): string {
  return localeEntryFor(locale).locale.replace('-', '_');
}

/** Open Graph and Twitter card tags for a landing page. */
export function socialMetaTags(input: SocialMetaInput): MetaTag[] {
  const og = (property: string, content: string): MetaTag => ({ property, content });
  const twitter = (name: string, content: string): MetaTag => ({ name, content });
  const alternates = (input.alternateLocales ?? []).filter((locale) => locale !== input.locale);
  return [
    og('og:type', 'website'),
    og('og:site_name', input.siteName ?? BRAND_NAME),
    og('og:title', input.title),
    og('og:description', input.description),
    og('og:url', input.url),
    og('og:image', input.imageUrl),
    ...(input.imageAlt ? [og('og:image:alt', input.imageAlt)] : []),
    og('og:locale', ogLocale(input.locale)),
    ...alternates.map((locale) => og('og:locale:alternate', ogLocale(locale))),
    twitter('twitter:card', 'summary_large_image'),
    twitter('twitter:title', input.title),
    twitter('twitter:description', input.description),
    twitter('twitter:image', input.imageUrl),
    ...(input.imageAlt ? [twitter('twitter:image:alt', input.imageAlt)] : []),
  ];
}
