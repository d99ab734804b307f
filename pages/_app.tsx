import { QueryClientProvider } from '@tanstack/react-query';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { appWithTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { useMicrositesAnalytics } from '@/analytics';
import { useMonitoring } from '@/monitoring';
import { createQueryClient } from '@/shell/queryClient';
import { GlobalStyle, theme } from '@/theme';
import nextI18nConfig from '../next-i18next.config.js';

function MicrositesApp({ Component, pageProps }: AppProps) {
  const [queryClient] = useState(() => createQueryClient());
  useMicrositesAnalytics();
  useMonitoring();
  return (
    <ThemeProvider theme={theme}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <Component {...pageProps} />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export default appWithTranslation(MicrositesApp, nextI18nConfig);
