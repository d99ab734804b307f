import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { LandingProps } from '../types';
import { PlaceMap } from '../map/PlaceMap';
import { CardGrid } from './CardGrid';
import { Section } from './Section';
import { theme } from '@/theme';

type NearbyPlacesProps = Pick<LandingProps, 'nearby' | 'nearbyHeading' | 'nearbyMap'> & {
  place: Pick<LandingProps['place'], 'name' | 'where' | 'reference' | 'cityWhere'>;
};

/** City pages list the places in the city; stations and landmarks the places near; airports the city and its stations. */
export function NearbyPlaces({ nearby, nearbyHeading, nearbyMap, place }: NearbyPlacesProps) {
  const { t } = useTranslation('microsites');
  if (nearby.length === 0) return null;
  return (
    <Section
      id="nearby"
      title={t(`nearby.title.${nearbyHeading}`, { where: place.where, cityWhere: place.cityWhere })}
      tinted={nearbyHeading === 'inCity'}
    >
      <Intro>{t(`nearby.intro.${nearbyHeading}`)}</Intro>
      <PlaceMap name={place.name} reference={place.reference} layout={nearbyMap} neighbours={nearby} />
      <CardGrid as="ol">
        {nearby.map((neighbour, index) => (
          <li key={neighbour.href}>
            <Card href={neighbour.href} hrefLang={neighbour.hrefLang}>
              {/* The pin's number on the map. */}
              <Number aria-hidden="true">{index + 1}</Number>
              <Name>{neighbour.name}</Name>
              <Meta>
                {t(`kind.${neighbour.kind}`)} · {t('nearby.distance', { distance: neighbour.distance })}
              </Meta>
            </Card>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

const Intro = styled.p`
  color: ${theme.colors.muted};
  margin: -${theme.space.sm} 0 ${theme.space.lg} !important;
`;

const Card = styled.a`
  display: block;
  height: 100%;
  padding: ${theme.space.md} ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  text-decoration: none;
  color: ${theme.colors.ink};
  &:hover {
    border-color: ${theme.colors.brand};
  }
`;

const Number = styled.span`
  float: left;
  display: inline-grid;
  place-items: center;
  width: 24px;
  height: 24px;
  margin: 0 ${theme.space.sm} 0 0;
  border-radius: 50%;
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-size: ${theme.fontSizes.xs};
  font-weight: 700;
`;

const Name = styled.span`
  display: block;
  font-weight: 700;
  color: ${theme.colors.brandStrong};
  text-decoration: underline;
  text-underline-offset: 3px;
`;

const Meta = styled.span`
  display: block;
  margin-top: ${theme.space.xs};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
