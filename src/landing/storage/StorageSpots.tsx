import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatDistance } from '@/content/distance';
import { formatMoney } from '@/i18n/formatMoney';
import type { RegionalFormat } from '@/i18n/regionalLocale';
import { bookingLinkReplayPrivacy } from '../bookingUrl';
import { CardGrid } from '../components/CardGrid';
import { Section } from '../components/Section';
import type { StorageSpotsState } from './server';
import type { StorageSpot } from './storageQuery';

export interface StorageSpotsViewProps {
  /** Undefined while loading. */
  state: StorageSpotsState | undefined;
  /** The place as a sentence names it (LandingProps place.where). */
  where: string;
  /** The page's regional format (LandingProps format). */
  format: RegionalFormat;
  bookingUrl: string;
}

/**
 * Storage spots near the place: in the server HTML from getStaticProps, and the same
 * view once the browser refreshes them. Spots appear only as the API sent them; a failed API
 * leaves a quiet note with the booking link.
 */
export function StorageSpotsView({ state, where, format, bookingUrl }: StorageSpotsViewProps) {
  const { t } = useTranslation('microsites');
  let body: ReactNode;
  if (!state) {
    body = <Note>{t('storage.loading')}</Note>;
  } else if (state.status === 'error') {
    body = (
      <Note>
        {t('storage.error', { where })}{' '}
        <a href={bookingUrl} {...bookingLinkReplayPrivacy(bookingUrl)}>
          {t('hero.cta', { where })}
        </a>
      </Note>
    );
  } else if (state.spots.length === 0) {
    body = <Note>{t('storage.empty', { where })}</Note>;
  } else {
    body = (
      <Spots>
        {state.spots.map((spot) => (
          <SpotCard key={spot.id} spot={spot} format={format} />
        ))}
      </Spots>
    );
  }

  return (
    <Section id="storage" title={t('storage.title', { where })}>
      {/* Busy while loading; not a live region, so a list arriving below the fold interrupts nobody. */}
      <Status aria-busy={!state}>{body}</Status>
    </Section>
  );
}

function SpotCard({ spot, format }: { spot: StorageSpot; format: RegionalFormat }) {
  const { t } = useTranslation('microsites');
  const rating =
    spot.rating === null
      ? null
      : new Intl.NumberFormat(format.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
          spot.rating,
        );
  const price = spot.price === null ? null : formatMoney(spot.price.amount, spot.price.currency, format);
  return (
    <Spot>
      <SpotName>{spot.name}</SpotName>
      <Distance>{t('storage.distance', { distance: formatDistance(spot.distanceKm, format) })}</Distance>
      <Facts>
        {rating !== null && <p>{t('storage.rating', { rating })}</p>}
        {spot.openingHours !== null && <p>{t('storage.hours', { hours: spot.openingHours })}</p>}
      </Facts>
      {price !== null && <Price>{t('storage.price', { price })}</Price>}
    </Spot>
  );
}

const Status = styled.div`
  /* Some room while loading, so the spots arriving move what follows less. */
  min-height: ${({ theme }) => theme.space.xxl};
`;

const Note = styled.p`
  max-width: 40em;
  color: ${({ theme }) => theme.colors.muted};
  a {
    color: ${({ theme }) => theme.colors.brandStrong};
    font-weight: 700;
    /* A comfortable touch target without changing the line. */
    display: inline-block;
    padding: ${({ theme }) => theme.space.xs} 0;
  }
`;

const Spots = styled(CardGrid)`
  ${({ theme }) => theme.media.desktop} {
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const Spot = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  min-width: 0;
`;

const SpotName = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Distance = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandStrong};
`;

const Facts = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Price = styled.p`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
`;
