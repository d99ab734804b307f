import styled from 'styled-components';
import { theme } from '@/theme';

/** A list of cards: one column on phones, two on tablets, three on desktops. */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;
