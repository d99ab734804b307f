// @vitest-environment jsdom
// A page that fails in the browser (a render error after a navigation in place) is replaced by
// pages/_error.tsx, rendered there with no copy of its own: its props are only the status. It shows
// the error texts of the copy the app already had (src/i18n/browserLookup.tsx, src/shell/shellCopy.ts),
// in the page’s language, never as its keys.
import { render, screen } from '@testing-library/react';
import type { NextPageContext } from 'next';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { pageRouter } from './support/pageRouter';
import { Component as ClassComponent, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { appWithTranslation } from '@/i18n/browserLookup';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import ErrorPage from '../../pages/_error';
import { getStaticProps as landingStaticProps } from '../../pages/[slug]/[type]';
import nextI18nConfig from '../../next-i18next.config.js';

// As the browser bundle: `next-i18next/pages` is the lookup (next.config.js).
vi.mock('next-i18next/pages', () => import('@/i18n/browserLookup'));

type AppProps = { Component: ComponentType<object>; pageProps: object; router: NextRouter };
const App = appWithTranslation(
  ({ Component, pageProps }: AppProps) => <Component {...pageProps} />,
  nextI18nConfig,
) as ComponentType<AppProps>;

const inApp = (Component: ComponentType<object>, pageProps: object, locale: string) => (
  <RouterContext value={pageRouter(locale)}>
    <App Component={Component} pageProps={pageProps} router={pageRouter(locale)} />
  </RouterContext>
);

async function landingProps(locale: string): Promise<object> {
  const result = await landingStaticProps({
    params: { slug: 'kings-cross-station', type: 'poi' },
    locale,
    locales: [...WEBSITE_LOCALES],
    defaultLocale: 'en',
  });
  if (!('props' in result)) throw new Error(`no King's Cross page in ${locale}`);
  return result.props;
}

/** The props Next gives the error page in the browser: getInitialProps there has only the status. */
async function browserErrorProps(statusCode: number): Promise<object> {
  const getInitialProps = ErrorPage.getInitialProps as (context: NextPageContext) => Promise<object>;
  return getInitialProps({ err: Object.assign(new Error('render failed'), { statusCode }) } as NextPageContext);
}

const Landing = () => <p>landing page</p>;

describe('the error page rendered in the browser after a page failed there', () => {
  it.each([
    ['de', 500, 'Bei uns ist etwas schiefgelaufen'],
    ['ja', 500, null],
    ['en', 404, null],
  ])('%s, status %i: the copy of the page before it, not its keys', async (locale, status, title) => {
    const errorProps = await browserErrorProps(status);
    expect(errorProps).toEqual({ statusCode: status });

    const view = render(inApp(Landing, await landingProps(locale), locale));
    view.rerender(inApp(ErrorPage as ComponentType<object>, errorProps, locale));

    const heading = screen.getByRole('heading', { level: 1 });
    if (title) expect(heading.textContent).toBe(title);
    expect(heading.textContent).not.toMatch(/^errors\./);
    expect(document.body.textContent).not.toMatch(/errors\.\w+/);
  });

  it('takes the next page’s own copy again once one comes with it', async () => {
    const view = render(inApp(Landing, await landingProps('de'), 'de'));
    view.rerender(inApp(ErrorPage as ComponentType<object>, await browserErrorProps(500), 'de'));
    view.rerender(inApp(ErrorPage as ComponentType<object>, await landingProps('en'), 'en'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong on our side');
  });

  // As Next does it: the page that throws takes the app with it up to Next's boundary (its
  // `Container`), then the error page is rendered in a new app, whose state starts empty.
  it('after a switch to another language, when the new page throws: that language, in a new app', async () => {
    class Boundary extends ClassComponent<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError = () => ({ failed: true });
      override render = () => (this.state.failed ? null : this.props.children);
    }
    const Broken = (): ReactNode => {
      throw new Error('render failed');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(<Boundary>{inApp(Landing, await landingProps('en'), 'en')}</Boundary>);
    view.rerender(<Boundary>{inApp(Broken, await landingProps('de'), 'de')}</Boundary>);
    expect(view.container.textContent).toBe('');
    view.unmount();

    render(inApp(ErrorPage as ComponentType<object>, await browserErrorProps(500), 'de'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bei uns ist etwas schiefgelaufen');
  });
});
