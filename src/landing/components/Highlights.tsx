import { useTranslation } from 'next-i18next/pages';
import styled from 'styled-components';
import { Container, theme, VisuallyHidden } from '@/theme';

export function Highlights({ guarantee }: { guarantee: string }) {
  const { t } = useTranslation('microsites');
  const items = [t('highlights.vetted'), t('highlights.covered', { amount: guarantee }), t('highlights.flexible')];
  return (
    <Band aria-labelledby="highlights-title">
      <Container>
        <VisuallyHidden as="h2" id="highlights-title">
          {t('highlights.label')}
        </VisuallyHidden>
        <List>
          {items.map((item) => (
            <li key={item}>
              <Tick aria-hidden="true">✓</Tick>
              {item}
            </li>
          ))}
        </List>
      </Container>
    </Band>
  );
}

const Band = styled.section`
  border-top: 1px solid ${theme.colors.border};
  border-bottom: 1px solid ${theme.colors.border};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${theme.space.md} 0;
  display: grid;
  gap: ${theme.space.sm};
  font-weight: 600;
  grid-template-columns: minmax(0, 1fr);
  ${theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  li {
    display: flex;
    align-items: center;
    gap: ${theme.space.sm};
  }
`;

const Tick = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${theme.colors.brandSoft};
  color: ${theme.colors.brandStrong};
  font-size: 0.8rem;
`;
