import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.body};
    color: ${theme.colors.ink};
    background: ${theme.colors.surface};
  }
  /*
   * Long words in any language break inside their column rather than widen it: 'anywhere' (unlike
   * 'break-word') lowers the min-content width, so grid and flex tracks can shrink to a phone.
   * Hyphenation where the browser has a dictionary for the page's lang.
   */
  body { overflow-wrap: anywhere; hyphens: auto; }
  /* Japanese breaks between phrases, never before small kana or closing punctuation; Korean between words. */
  :lang(ja) { word-break: auto-phrase; line-break: strict; }
  :lang(ko) { word-break: keep-all; }
  h1, h2, h3 { line-height: ${theme.lineHeights.tight}; margin: 0; text-wrap: balance; }
  p, li, dd, summary { text-wrap: pretty; }
  p { margin: 0; }
  a { color: ${theme.colors.brandStrong}; }
  :focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { transition: none !important; animation: none !important; }
  }
`;
