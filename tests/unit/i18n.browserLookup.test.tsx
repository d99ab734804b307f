// Issue 23 item 3: the browser looks the copy up with src/i18n/browserLookup.tsx instead of
// next-i18next (a browser-only alias in next.config.js). Every page the build makes (every host ×
// locale, the legal pages, the 404s, the directory, the unknown-host page) is rendered with its
// real props both ways; the markup must be the same, byte for byte.
import type { GetStaticPaths, GetStaticProps, NextPage } from 'next';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { pageRouter } from './support/pageRouter';
import { appWithTranslation as realAppWithTranslation } from 'next-i18next/pages';
import type * as NextI18next from 'next-i18next/pages';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as landing from '../../pages/[slug]/[type]';
import * as legal from '../../pages/legal/[doc]/[format]/[regime]';
import * as notFound from '../../pages/not-found/[regime]';
import * as directory from '../../pages/index';
import * as unknownHost from '../../pages/unknown-host';
import * as plainNotFound from '../../pages/404';
import nextI18nConfig from '../../next-i18next.config.js';
import { appWithTranslation as lookupAppWithTranslation, Trans, useTranslation } from '@/i18n/browserLookup';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';

// The pages import `next-i18next/pages`, as in the app; here that import answers with next-i18next
// or with the lookup, as the bundler alias does for the browser.
const use = vi.hoisted(() => ({ lookup: false }));
vi.mock('next-i18next/pages', async (importOriginal) => {
  const real = await importOriginal<typeof NextI18next>();
  const lookup = await import('@/i18n/browserLookup');
  return {
    ...real,
    useTranslation: (...args: Parameters<typeof lookup.useTranslation>) =>
      (use.lookup ? lookup.useTranslation : real.useTranslation)(...(args as [never])),
    Trans: (props: Parameters<typeof lookup.Trans>[0]) =>
      use.lookup ? lookup.Trans(props) : real.Trans(props as never),
  };
});

type PageModule = {
  default: NextPage<never>;
  getStaticProps: GetStaticProps<never, never>;
  getStaticPaths?: GetStaticPaths<never>;
};
type Params = Record<string, string>;

const Shell = ({ Component, pageProps }: { Component: ComponentType<object>; pageProps: object }) =>
  createElement(Component, pageProps);
type AppProps = { Component: ComponentType<object>; pageProps: object; router?: NextRouter };
const withReal = realAppWithTranslation(Shell, nextI18nConfig) as unknown as ComponentType<AppProps>;
const withLookup = lookupAppWithTranslation(Shell, nextI18nConfig) as unknown as ComponentType<AppProps>;

function renderWith(
  App: ComponentType<AppProps>,
  Page: ComponentType<object>,
  pageProps: object,
  locale: string,
): string {
  return renderToStaticMarkup(
    createElement(
      RouterContext.Provider,
      { value: pageRouter(locale) },
      createElement(App, { Component: Page, pageProps, router: pageRouter(locale) }),
    ),
  );
}

async function pathsOf(page: PageModule): Promise<Array<{ params: Params; locale: string }>> {
  if (!page.getStaticPaths) return WEBSITE_LOCALES.map((locale) => ({ params: {}, locale }));
  const { paths } = await page.getStaticPaths({ locales: [...WEBSITE_LOCALES], defaultLocale: 'en' });
  return paths.map((path) =>
    typeof path === 'string'
      ? { params: {}, locale: 'en' }
      : { params: path.params as Params, locale: path.locale ?? 'en' },
  );
}

/** Renders each of a page's static paths both ways; returns the paths whose markup differs. */
async function differences(page: PageModule): Promise<{ checked: number; differing: string[] }> {
  const differing: string[] = [];
  const paths = await pathsOf(page);
  for (const { params, locale } of paths) {
    const result = await page.getStaticProps({
      params: params as never,
      locale,
      locales: [...WEBSITE_LOCALES],
      defaultLocale: 'en',
    });
    if (!('props' in result)) continue;
    const Page = page.default as ComponentType<object>;
    const props = result.props as object;
    use.lookup = false;
    const real = renderWith(withReal, Page, props, locale);
    use.lookup = true;
    const mine = renderWith(withLookup, Page, props, locale);
    if (real !== mine) {
      let at = 0;
      while (real[at] === mine[at]) at += 1;
      if (process.env.DEBUG_PARITY)
        console.log(
          real.slice(Math.max(0, at - 80), at + 120),
          '\n-----\n',
          mine.slice(Math.max(0, at - 80), at + 120),
        );
      differing.push(`${locale} ${JSON.stringify(params)}`);
    }
  }
  return { checked: paths.length, differing };
}

describe('the browser lookup renders every page as next-i18next does', () => {
  it.each([
    ['landing pages (every host × locale)', landing, 845],
    ['legal pages', legal, 132],
    ['tenant 404s', notFound, 22],
    ['the directory', directory, 11],
    ['the unknown-host page', unknownHost, 11],
    ['the 404 page', plainNotFound, 11],
  ] as const)(
    '%s',
    async (_name, page, count) => {
      const { checked, differing } = await differences(page as unknown as PageModule);
      expect(checked).toBe(count);
      expect(differing).toEqual([]);
    },
    300_000,
  );
});

describe('the lookup itself', () => {
  const store = {
    en: {
      microsites: {
        a: {
          b: 'Hello {{name}}, {{ missing }}{{deep.value}}',
          tag: 'Read <policy>the policy</policy> or <br/> not <x>this</x>.',
        },
      },
      legal: { c: 'Legal {{name}}' },
    },
  };
  const pageProps = { _nextI18Next: { initialLocale: 'en', initialI18nStore: store } };
  function Probe() {
    const { t, i18n } = useTranslation(['microsites', 'legal']);
    return createElement(
      'p',
      null,
      [
        i18n.language,
        t('a.b', { name: 'Ana', deep: { value: '!' } }),
        t('legal:c', { name: 1 }),
        t('c', { name: 2 }),
        t('missing.key'),
        t('legal:missing'),
      ].join('|'),
      createElement(Trans, { t, i18nKey: 'a.tag', components: { policy: createElement('a', { href: '/cookies' }) } }),
    );
  }
  use.lookup = true;
  const html = renderToStaticMarkup(
    createElement(withLookup, { Component: Probe as ComponentType<object>, pageProps }),
  );

  it('looks keys up by path and namespace, fills values, and shows a missing key as itself', () => {
    expect(html).toContain('en|Hello Ana, !|Legal 1|Legal 2|missing.key|missing');
  });

  it('turns named tags into the given elements and leaves unknown ones as text', () => {
    expect(html).toContain('Read <a href="/cookies">the policy</a> or &lt;br/&gt; not &lt;x&gt;this&lt;/x&gt;.');
  });
});
