import type { AnchorHTMLAttributes } from 'react';
import styled from 'styled-components';
import { bookingLinkReplayPrivacy } from '../bookingUrl';
import { theme } from '@/theme';

/** The booking button: the hero's, and its repeats where a reader decides. */
export const BookingLink = styled.a.attrs(
  ({ href }) => bookingLinkReplayPrivacy(href ?? '') as AnchorHTMLAttributes<HTMLAnchorElement>,
)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 52px;
  /* Narrower sides on a phone keep a long label ("Znajdź przechowalnię") on one line. */
  padding: ${theme.space.sm} ${theme.space.md};
  ${theme.media.tablet} {
    padding: ${theme.space.sm} ${theme.space.lg};
  }
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: 700;
  font-size: ${theme.fontSizes.md};
  text-align: center;
  text-decoration: none;
  &:hover {
    background: ${theme.colors.brandStrong};
  }
`;
