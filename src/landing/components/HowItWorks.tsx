import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { BookingLink } from './BookingLink';
import { Section } from './Section';
import { theme } from '@/theme';

const STEPS = ['book', 'drop', 'collect'] as const;

interface HowItWorksProps {
  /** The place as a sentence names it (LandingProps place.where). */
  where: string;
  bookingUrl: string;
  onCtaClick: () => void;
}

/** The three steps, then the booking button again: a reader who has just learnt how it works decides here. */
export function HowItWorks({ where, bookingUrl, onCtaClick }: HowItWorksProps) {
  const { t } = useTranslation('microsites');
  return (
    <Section id="how" title={t('steps.title')}>
      <Steps>
        {STEPS.map((step, index) => (
          <Step key={step}>
            <Number aria-hidden="true">{index + 1}</Number>
            <h3>{t(`steps.${step}.title`)}</h3>
            <p>{t(`steps.${step}.body`, { where })}</p>
          </Step>
        ))}
      </Steps>
      <Next>
        <BookingLink href={bookingUrl} onClick={onCtaClick}>
          {t('hero.cta', { where })}
        </BookingLink>
      </Next>
    </Section>
  );
}

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  ${theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Step = styled.li`
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  h3 {
    font-size: ${theme.fontSizes.md};
    margin: ${theme.space.md} 0 ${theme.space.sm};
  }
  p {
    color: ${theme.colors.muted};
  }
`;

const Number = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: 800;
`;

const Next = styled.p`
  margin-top: ${theme.space.lg};
  text-align: center;
`;
