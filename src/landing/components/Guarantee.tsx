import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { ShieldIcon } from '@/theme/icons';
import { Section } from './Section';

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
  gap: ${({ theme }) => theme.space.lg};
  align-items: flex-start;
  max-width: 760px;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Shield = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.brand};
  line-height: 0;
`;

const Small = styled.p`
  margin-top: ${({ theme }) => theme.space.md} !important;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;
