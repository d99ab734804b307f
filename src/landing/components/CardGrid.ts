import styled from 'styled-components';

/** A list of cards: one column on phones, two on tablets, three on desktops. */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.tablet} { grid-template-columns: repeat(2, 1fr); }
  ${({ theme }) => theme.media.desktop} { grid-template-columns: repeat(3, 1fr); }
`;
