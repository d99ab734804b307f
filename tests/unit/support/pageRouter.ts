import type { NextRouter } from 'next/router';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';

/** A Next router standing still on a page in `locale`, for rendering pages outside Next. */
export const pageRouter = (locale: string) =>
  ({
    locale,
    locales: [...WEBSITE_LOCALES],
    defaultLocale: 'en',
    asPath: '/',
    pathname: '/',
    query: {},
    isReady: true,
    push: async () => true,
    replace: async () => true,
    prefetch: async () => undefined,
    events: { on() {}, off() {}, emit() {} },
  }) as unknown as NextRouter;
