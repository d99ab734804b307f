import { lazy } from 'react';
import { PAGE_EVENTS, trackEvent, type CtaPlacement } from '@/analytics';
import { LanguageSwitcher } from '@/i18n/LanguageSwitcher';
import { HeadAfterNavigation, loadedWhenRendered } from '@/shell/HeadAfterNavigation';
import { LowPriorityHydration } from '@/shell/LowPriorityHydration';
import { PageLayout } from '@/shell/PageLayout';
import { Faq } from './components/Faq';
import { Guarantee } from './components/Guarantee';
import { Hero } from './components/Hero';
import { Highlights } from './components/Highlights';
import { HowItWorks } from './components/HowItWorks';
import { NearbyPlaces } from './components/NearbyPlaces';
import { OpeningHours } from './components/OpeningHours';
import { WhenNearViewport } from './components/WhenNearViewport';
import { StorageSpotsView } from './storage/StorageSpots';
import type { LandingPageProps } from './types';
import { bookingTarget, useBookingUrl } from './useBookingUrl';

const { microsites } = PAGE_EVENTS;

/** The browser's refresh of the storage spots, loaded near the viewport: kept out of the first load. */
const LiveStorageSpots = lazy(() =>
  import('./storage/LiveStorageSpots').then((module) => ({ default: module.LiveStorageSpots })),
);

/** The head's tags are in the server's HTML; the browser fetches their code at a navigation in place (HeadAfterNavigation.tsx). */
const LandingHead = loadedWhenRendered(() => import('./components/LandingHead').then((module) => module.LandingHead));

/** A landing page. City pages lead with the places in the city; POI pages with how it works there. */
export function LandingView(props: LandingPageProps) {
  const { place, type, price } = props;
  const bookingUrl = useBookingUrl(bookingTarget(props));
  const isCity = type === 'city';
  // Which button, so the booking buttons' clicks can be told apart.
  const trackCta = (placement: CtaPlacement) => () =>
    trackEvent(microsites.ctaClicked, { slug: props.slug, type, locale: props.locale, placement });
  // First on a city page, last on a POI page.
  const nearbyPlaces = (
    <LowPriorityHydration>
      <NearbyPlaces
        nearby={props.nearby}
        nearbyHeading={props.nearbyHeading}
        nearbyMap={props.nearbyMap}
        place={place}
      />
    </LowPriorityHydration>
  );

  return (
    <PageLayout
      year={props.year}
      headerEnd={
        <LanguageSwitcher
          locales={props.locales}
          onSwitch={(from, to) => trackEvent(microsites.languageSwitched, { from, to })}
        />
      }
    >
      <HeadAfterNavigation>
        <LandingHead
          place={place}
          price={price}
          seo={props.seo}
          type={type}
          locale={props.locale}
          locales={props.locales}
        />
      </HeadAfterNavigation>
      {/* Each section hydrates on its own: a tap on one hydrates that one, not the page (docs/decisions/0002-low-priority-hydration.md). The head stays with the page's own boundary, which commits it. */}
      <LowPriorityHydration>
        <Hero
          place={place}
          type={type}
          price={price}
          trail={props.trail}
          heroImage={props.heroImage}
          bookingUrl={bookingUrl}
          onCtaClick={trackCta('hero')}
        />
      </LowPriorityHydration>
      <LowPriorityHydration>
        <Highlights guarantee={price.guarantee} />
      </LowPriorityHydration>
      {isCity && nearbyPlaces}
      <LowPriorityHydration>
        <HowItWorks where={place.where} bookingUrl={bookingUrl} onCtaClick={trackCta('steps')} />
      </LowPriorityHydration>
      <LowPriorityHydration>
        <OpeningHours place={place} />
      </LowPriorityHydration>
      <LowPriorityHydration>
        <Guarantee amount={price.guarantee} />
      </LowPriorityHydration>
      {props.graphqlUrl && props.storageSpots && (
        <LowPriorityHydration>
          <WhenNearViewport
            id="storage-spots"
            placeholder={<StorageSpotsView state={props.storageSpots} where={place.where} bookingUrl={bookingUrl} />}
          >
            <LiveStorageSpots
              graphqlUrl={props.graphqlUrl}
              place={{ slug: props.slug, lat: place.lat, lng: place.lng, where: place.where }}
              format={props.format}
              bookingUrl={bookingUrl}
              initial={props.storageSpots}
            />
          </WhenNearViewport>
        </LowPriorityHydration>
      )}
      <LowPriorityHydration>
        <Faq
          kind={place.kind}
          guarantee={price.guarantee}
          onOpen={(topic) => trackEvent(microsites.faqOpened, { topic, slug: props.slug })}
        />
      </LowPriorityHydration>
      {!isCity && nearbyPlaces}
    </PageLayout>
  );
}
