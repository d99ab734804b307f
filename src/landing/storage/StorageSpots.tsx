import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { bookingLinkReplayPrivacy } from '../bookingUrl';
import { CardGrid } from '../components/CardGrid';
import { Section } from '../components/Section';
import type { SpotCardText, StorageSpotsSection } from './spotCards';
import { theme } from '@/theme';

export interface StorageSpotsViewProps {
  /** Undefined while loading. */
  state: StorageSpotsSection | undefined;
  /** The place as a sentence names it (LandingProps place.where). */
  where: string;
  bookingUrl: string;
}

/**
 * Storage spots near the place: in the server HTML from getStaticProps, and the same
 * view once the browser refreshes them. Spots appear only as the API sent them; a failed API
 * leaves a quiet note with the booking link. The cards arrive formatted (spotCards.ts): rendering
 * them, as hydration does, builds no Intl object, whose locale data made this the page's longest task.
 */
export function StorageSpotsView({ state, where, bookingUrl }: StorageSpotsViewProps) {
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
  } else if (state.cards.length === 0) {
    body = <Note>{t('storage.empty', { where })}</Note>;
  } else {
    body = (
      <Spots>
        {state.cards.map((card) => (
          <SpotCard key={card.id} card={card} />
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

function SpotCard({ card }: { card: SpotCardText }) {
  const { t } = useTranslation('microsites');
  return (
    <Spot>
      <SpotName>{card.name}</SpotName>
      <Distance>{t('storage.distance', { distance: card.distance })}</Distance>
      <Facts>
        {card.rating !== null && <p>{t('storage.rating', { rating: card.rating })}</p>}
        {card.openingHours !== null && <p>{t('storage.hours', { hours: card.openingHours })}</p>}
      </Facts>
      {card.price !== null && <Price>{t('storage.price', { price: card.price })}</Price>}
    </Spot>
  );
}

const Status = styled.div`
  /* Some room while loading, so the spots arriving move what follows less. */
  min-height: ${theme.space.xxl};
`;

const Note = styled.p`
  max-width: 40em;
  color: ${theme.colors.muted};
  a {
    color: ${theme.colors.brandStrong};
    font-weight: 700;
    /* A comfortable touch target without changing the line. */
    display: inline-block;
    padding: ${theme.space.xs} 0;
  }
`;

const Spots = styled(CardGrid)`
  ${theme.media.desktop} {
    gap: ${theme.space.lg};
  }
`;

const Spot = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.card};
  min-width: 0;
`;

const SpotName = styled.h3`
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Distance = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: 700;
  color: ${theme.colors.brandStrong};
`;

const Facts = styled.div`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
  overflow-wrap: anywhere;
`;

const Price = styled.p`
  margin-top: auto;
  padding-top: ${theme.space.sm};
  font-weight: 700;
  color: ${theme.colors.ink};
`;
