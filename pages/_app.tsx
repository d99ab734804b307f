import type { AppProps } from 'next/app';
import { appWithTranslation } from 'next-i18next/pages';
import { ThemeProvider } from 'styled-components';
import { useMicrositesAnalytics } from '@/analytics';
import { useMonitoring } from '@/monitoring';
import { StablePage } from '@/shell/StablePage';
import { GlobalStyle, theme } from '@/theme';
import nextI18nConfig from '../next-i18next.config.js';

function MicrositesApp({ Component, pageProps }: AppProps) {
  useMicrositesAnalytics();
  useMonitoring();
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <StablePage Component={Component} pageProps={pageProps} />
    </ThemeProvider>
  );
}

export default appWithTranslation(MicrositesApp, nextI18nConfig);
