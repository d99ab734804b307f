import styled from 'styled-components';
import { theme } from './theme';

/**
 * Two forms of one text, the short one on phones (below the tablet breakpoint) and the full one
 * from there up. The other is display: none, so assistive technology reads the same as is drawn.
 */
export const PhoneText = styled.span`
  ${theme.media.tablet} {
    display: none;
  }
`;

export const WideText = styled.span`
  display: none;
  ${theme.media.tablet} {
    display: inline;
  }
`;
