import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { NearbyLink } from '../types';
import type { MapLayout } from './layout';
import { MAP_SIZE } from './size';
import { theme } from '@/theme';

interface PlaceMapProps {
  /** The place's name, in the title. */
  name: string;
  /** How the caption's sentence refers to the place; without one, the caption names it as a label. */
  reference: string | null;
  /** Where the place and each neighbour are drawn (layoutMap, on the server). */
  layout: MapLayout;
  neighbours: readonly Pick<NearbyLink, 'name' | 'distance'>[];
}

/**
 * The place and its neighbours as numbered pins, drawn inline from their coordinates: no tiles,
 * no request, no script, and a fixed aspect ratio so nothing shifts. The numbers match the list.
 */
export function PlaceMap({ name, reference, layout, neighbours }: PlaceMapProps) {
  const { t } = useTranslation('microsites');
  const { centre, pins } = layout;
  const { width, height } = MAP_SIZE;
  return (
    <Figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="place-map-title place-map-desc">
        <title id="place-map-title">{t('map.title', { name })}</title>
        <desc id="place-map-desc">
          {neighbours.map((neighbour, index) => `${index + 1}. ${neighbour.name}, ${neighbour.distance}`).join('; ')}
        </desc>
        <rect width={width} height={height} rx="16" className="ground" />
        {pins.map((pin) => (
          <line key={`line-${pin.number}`} x1={centre.x} y1={centre.y} x2={pin.x} y2={pin.y} className="route" />
        ))}
        <circle cx={centre.x} cy={centre.y} r="13" className="here" />
        <circle cx={centre.x} cy={centre.y} r="4.5" className="here-dot" />
        {pins.map((pin) => (
          <g key={pin.number} className="pin">
            <circle cx={pin.x} cy={pin.y} r="11" />
            <text x={pin.x} y={pin.y} dy="0.35em" textAnchor="middle">
              {pin.number}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>{reference ? t('map.caption', { reference }) : t('map.captionNamed', { name })}</figcaption>
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0 0 ${theme.space.lg};
  max-width: 640px;
  svg {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${MAP_SIZE.width} / ${MAP_SIZE.height};
  }
  .ground {
    fill: ${theme.colors.brandSoft};
  }
  .route {
    stroke: ${theme.colors.border};
    stroke-width: 2;
    stroke-dasharray: 4 4;
  }
  .here {
    fill: ${theme.colors.accent};
    stroke: ${theme.colors.surface};
    stroke-width: 3;
  }
  .here-dot {
    fill: ${theme.colors.accentInk};
  }
  .pin circle {
    fill: ${theme.colors.brand};
    stroke: ${theme.colors.surface};
    stroke-width: 2;
  }
  .pin text {
    fill: ${theme.colors.onBrand};
    font-size: 12px;
    font-weight: 700;
  }
  figcaption {
    margin-top: ${theme.space.sm};
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.muted};
  }
`;
