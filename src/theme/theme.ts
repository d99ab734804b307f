/** The marketing theme (spec §1): one typed source for colours, type, spacing and breakpoints. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

/**
 * Components write these values into their styles directly (`${theme.space.md}`), not through a
 * ThemeProvider: a style with no function in it is static for styled-components, which works its
 * class out once rather than at every render, and the one theme never changes (docs/performance.md,
 * "Static styles, and a layout that does not read the consent").
 */
export const theme = {
  colors: {
    ink: '#14213d',
    muted: '#4a5568',
    brand: '#0b6e4f',
    brandStrong: '#08523b',
    brandSoft: '#e6f2ed',
    accent: '#ffb703',
    accentInk: '#1f1300',
    surface: '#ffffff',
    surfaceAlt: '#f5f7f6',
    border: '#d9e2dd',
    focus: '#1d4ed8',
    onBrand: '#ffffff',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", "Microsoft YaHei", sans-serif',
  },
  fontSizes: {
    xs: '0.875rem',
    sm: '1rem',
    md: '1.125rem',
    lg: '1.375rem',
    xl: '1.75rem',
    // The hero headline: 1.25rem on a 320 px phone, so a long place name leaves the call to action
    // on the first screen; 3.25rem from about 870 px. Hero.tsx shrinks it further for a long word.
    xxl: 'clamp(1.25rem, 6vw, 3.25rem)',
  },
  lineHeights: { tight: 1.15, body: 1.6 },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px', xxl: '64px' },
  radii: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadows: { card: '0 1px 2px rgba(20, 33, 61, 0.06), 0 4px 16px rgba(20, 33, 61, 0.06)' },
  maxWidth: '1120px',
  breakpoints: BREAKPOINTS,
  media: {
    tablet: `@media (min-width: ${BREAKPOINTS.tablet}px)`,
    desktop: `@media (min-width: ${BREAKPOINTS.desktop}px)`,
  },
} as const;
