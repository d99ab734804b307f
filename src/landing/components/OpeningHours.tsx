import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { LandingProps } from '../types';
import { Section } from './Section';
import { theme } from '@/theme';

/** Guidance by kind of place, in its local time zone; each spot's own hours show before booking. */
export function OpeningHours({ place }: { place: LandingProps['place'] }) {
  const { t } = useTranslation('microsites');
  return (
    <Section id="hours" title={t('hours.title')}>
      <Text>{t(`hours.${place.kind}`, { where: place.where })}</Text>
      <Small>{t('hours.localTime', { timeZone: place.timeZoneName })}</Small>
    </Section>
  );
}

const Text = styled.p`
  max-width: 760px;
  font-size: ${theme.fontSizes.md};
`;

const Small = styled.p`
  margin-top: ${theme.space.sm} !important;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;
