import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { ANALYTICS_EVENTS, trackEvent } from '@/analytics';
import { LanguageSwitcher } from '@/i18n/LanguageSwitcher';
import { PageLayout } from '@/shell/PageLayout';
import { Faq } from './components/Faq';
import { Guarantee } from './components/Guarantee';
import { Hero } from './components/Hero';
import { Highlights } from './components/Highlights';
import { HowItWorks } from './components/HowItWorks';
import type { LandingProps } from './types';
import { useBookingUrl } from './useBookingUrl';

export function LandingView(props: LandingProps) {
  const { t } = useTranslation('microsites');
  const { place, type, price } = props;
  const bookingUrl = useBookingUrl({ slug: props.slug, type, lat: place.lat, lng: place.lng, locale: props.locale });
  const interpolation = { place: place.name, price: price.dailyFrom, guarantee: price.guarantee };
  const { microsites } = ANALYTICS_EVENTS;

  return (
    <PageLayout
      year={props.year}
      headerEnd={<LanguageSwitcher locales={props.locales} onSwitch={(from, to) => trackEvent(microsites.languageSwitched, { from, to })} />}
    >
      <Head>
        <title>{t(type === 'city' ? 'meta.cityTitle' : 'meta.poiTitle', interpolation)}</title>
        <meta name="description" content={t(type === 'city' ? 'meta.cityDescription' : 'meta.poiDescription', interpolation)} />
      </Head>
      <Hero
        props={props}
        bookingUrl={bookingUrl}
        onCtaClick={() => trackEvent(microsites.ctaClicked, { slug: props.slug, type, locale: props.locale })}
      />
      <Highlights guarantee={price.guarantee} />
      <HowItWorks place={place.name} />
      <Guarantee amount={price.guarantee} />
      <Faq place={place.name} guarantee={price.guarantee} onOpen={(topic) => trackEvent(microsites.faqOpened, { topic, slug: props.slug })} />
    </PageLayout>
  );
}
