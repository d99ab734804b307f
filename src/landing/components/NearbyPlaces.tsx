import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { LandingProps } from '../types';
import { CardGrid } from './CardGrid';
import { Section } from './Section';

/** City pages list the places in the city; POI pages the other places close by. */
export function NearbyPlaces({ props }: { props: LandingProps }) {
  const { t } = useTranslation('microsites');
  if (props.nearby.length === 0) return null;
  const isCity = props.type === 'city';
  return (
    <Section id="nearby" title={t(isCity ? 'nearby.titleCity' : 'nearby.titlePoi', { place: props.place.name })} tinted={isCity}>
      <Intro>{t(isCity ? 'nearby.introCity' : 'nearby.introPoi')}</Intro>
      <CardGrid>
        {props.nearby.map((place) => (
          <li key={place.href}>
            <Card href={place.href} hrefLang={place.hrefLang}>
              <Name>{place.name}</Name>
              <Meta>
                {t(`kind.${place.kind}`)} · {t('nearby.distance', { distance: place.distance })}
              </Meta>
            </Card>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.lg} !important;
`;

const Card = styled.a`
  display: block;
  height: 100%;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  text-decoration: none;
  color: ${({ theme }) => theme.colors.ink};
  &:hover { border-color: ${({ theme }) => theme.colors.brand}; }
`;

const Name = styled.span`
  display: block;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandStrong};
  text-decoration: underline;
  text-underline-offset: 3px;
`;

const Meta = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
