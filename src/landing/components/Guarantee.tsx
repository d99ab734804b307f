import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { ShieldIcon } from '@/theme/icons';
import { Section } from './Section';
import { theme } from '@/theme';

export function Guarantee({ amount }: { amount: string }) {
  const { t } = useTranslation('microsites');
  return (
    <Section id="guarantee" title={t('guarantee.title')} tinted>
      <Card>
        <Shield>
          <ShieldIcon />
        </Shield>
        <div>
          <p>{t('guarantee.body', { amount })}</p>
          <Small>{t('guarantee.exclusions')}</Small>
        </div>
      </Card>
    </Section>
  );
}

const Card = styled.div`
  display: flex;
  gap: ${theme.space.lg};
  align-items: flex-start;
  max-width: 760px;
  font-size: ${theme.fontSizes.md};
`;

const Shield = styled.span`
  flex: none;
  color: ${theme.colors.brand};
  line-height: 0;
`;

const Small = styled.p`
  margin-top: ${theme.space.md} !important;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.muted};
`;
