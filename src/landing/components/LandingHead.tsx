import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { breadcrumbListJsonLd, faqPageJsonLd, organizationJsonLd, placeJsonLd } from '@/seo/jsonLd';
import { socialMetaTags } from '@/seo/meta';
import { jsonForInlineScript } from '@/base/jsonForInlineScript';
import type { LandingProps } from '../types';
import { faqItems } from '../faqTopics';
import { titleKeys } from '../titleKeys';

/** Title, description, canonical and hreflang links, share tags and structured data of a landing page. */
export function LandingHead({
  place,
  price,
  seo,
  type,
  locale,
  locales,
}: Pick<LandingProps, 'place' | 'price' | 'seo' | 'type' | 'locale' | 'locales'>) {
  const { t } = useTranslation('microsites');
  // `where` is the place as a sentence names it: "près de la tour Eiffel", "in Prag" (see LandingProps).
  const values = { where: place.where, price: price.dailyFrom, guarantee: price.guarantee, amount: price.guarantee };
  const title = t(titleKeys(type, place.kind).title, values);
  const description = t(`meta.description.${type}`, values);
  const imageAlt = t('meta.ogImageAlt', values);
  const structuredData = [
    placeJsonLd({
      name: place.name,
      url: seo.canonical,
      lat: place.lat,
      lng: place.lng,
      country: place.country,
      image: seo.image,
    }),
    breadcrumbListJsonLd(seo.breadcrumb),
    organizationJsonLd({ url: seo.organizationUrl }),
    faqPageJsonLd(faqItems(place.kind).map(({ key }) => ({ question: t(`${key}.q`), answer: t(`${key}.a`, values) }))),
  ];

  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={seo.canonical} />
      {seo.alternates.map((alternate) => (
        <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
      ))}
      {socialMetaTags({
        title,
        description,
        url: seo.canonical,
        imageUrl: seo.image,
        imageAlt,
        locale,
        alternateLocales: locales,
      }).map((tag) =>
        'property' in tag ? (
          <meta key={`${tag.property}${tag.content}`} property={tag.property} content={tag.content} />
        ) : (
          <meta key={tag.name} name={tag.name} content={tag.content} />
        ),
      )}
      {structuredData.map((data) => (
        <script
          key={data['@type']}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonForInlineScript(data) }}
        />
      ))}
    </Head>
  );
}
