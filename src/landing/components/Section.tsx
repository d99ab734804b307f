import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, theme } from '@/theme';

/** A titled page section; the heading id labels the region for assistive tech. */
export function Section({
  id,
  title,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Band $tinted={tinted} aria-labelledby={`${id}-title`}>
      <Container>
        <Heading id={`${id}-title`}>{title}</Heading>
        {children}
      </Container>
    </Band>
  );
}

const Band = styled.section<{ $tinted: boolean }>`
  padding: ${theme.space.xl} 0;
  background: ${({ $tinted }) => ($tinted ? theme.colors.surfaceAlt : 'transparent')};
  ${theme.media.tablet} {
    padding: ${theme.space.xxl} 0;
  }
`;

const Heading = styled.h2`
  font-size: ${theme.fontSizes.xl};
  margin-bottom: ${theme.space.lg};
  letter-spacing: -0.01em;
`;
