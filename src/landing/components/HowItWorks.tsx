import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { Section } from './Section';

const STEPS = ['book', 'drop', 'collect'] as const;

/** `where`: the place as a sentence names it (LandingProps place.where). */
export function HowItWorks({ where }: { where: string }) {
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
    </Section>
  );
}

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  ${({ theme }) => theme.media.tablet} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const Step = styled.li`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.sm}; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Number = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: 800;
`;
