import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import type { PlaceKind } from '@/tenancy/types';
import { faqItems, type FaqTopic } from '../faqTopics';
import { Section } from './Section';
import { theme } from '@/theme';

interface FaqProps {
  kind: PlaceKind;
  guarantee: string;
  onOpen?: (topic: FaqTopic) => void;
}

/** Native disclosure widgets: readable without JavaScript and by keyboard. */
export function Faq({ kind, guarantee, onOpen }: FaqProps) {
  const { t } = useTranslation('microsites');
  return (
    <Section id="faq" title={t('faq.title')}>
      <List>
        {faqItems(kind).map(({ topic, key }) => (
          <Item
            key={topic}
            onToggle={(event) => {
              if (event.currentTarget.open) onOpen?.(topic);
            }}
          >
            <summary>{t(`${key}.q`)}</summary>
            <p>{t(`${key}.a`, { amount: guarantee })}</p>
          </Item>
        ))}
      </List>
    </Section>
  );
}

const List = styled.div`
  max-width: 800px;
  border-top: 1px solid ${theme.colors.border};
`;

const Item = styled.details`
  border-bottom: 1px solid ${theme.colors.border};
  summary {
    cursor: pointer;
    padding: ${theme.space.md} 0;
    font-weight: 700;
    font-size: ${theme.fontSizes.md};
    min-height: 44px;
  }
  p {
    padding-bottom: ${theme.space.md};
    color: ${theme.colors.muted};
  }
`;
