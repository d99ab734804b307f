import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from '@/theme';

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
  padding: ${({ theme }) => theme.space.xl} 0;
  background: ${({ theme, $tinted }) => ($tinted ? theme.colors.surfaceAlt : 'transparent')};
  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space.xxl} 0;
  }
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin-bottom: ${({ theme }) => theme.space.lg};
  letter-spacing: -0.01em;
`;
