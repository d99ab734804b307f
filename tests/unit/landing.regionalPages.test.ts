// Issue 21: a page is written as its host's country writes its language, by construction: the
// props each page renders from (spec §9 locales; §3 locale entry distanceSystem).
import type { GetStaticPropsContext } from 'next';
import { getStaticPaths as legalPaths, getStaticProps as legalProps } from '../../pages/legal/[doc]/[format]/[regime]';
import { getStaticProps as landingPageProps } from '../../pages/[slug]/[type]';
import { getStaticPaths as notFoundPaths, getStaticProps as notFoundProps } from '../../pages/not-found/[regime]';
import { landingProps } from '@/landing/server';
import { hostConsentRegime, hostFormatLocale } from '@/tenancy/hostFormat';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const propsOf = async (result: unknown) => JSON.stringify(((await result) as { props: unknown }).props);

describe('Swiss German pages have no ß', () => {
  const landing = (slug: string, type: string) =>
    propsOf(
      landingPageProps({ params: { slug, type }, locale: 'de' } as GetStaticPropsContext<{
        slug: string;
        type: string;
      }>),
    );
  const legal = (format: string) =>
    propsOf(
      legalProps({ params: { doc: 'terms', format, regime: 'opt-in' }, locale: 'de' } as GetStaticPropsContext<{
        doc: 'terms';
        format: string;
        regime: 'opt-in';
      }>),
    );

  it('on a landing page in Switzerland, where Germany’s keeps it', async () => {
    const geneva = await landing('geneva-train-station', 'poi');
    expect(geneva).not.toContain('ß');
    expect(geneva).toContain('Jede Grösse, ein Preis');
    expect(await landing('berlin', 'city')).toContain('Jede Größe, ein Preis');
  });

  it('on the legal page Swiss hosts serve, where Germany’s keeps it', async () => {
    expect(await legal('de-CH')).not.toContain('ß');
    expect(await legal('de-DE')).toContain('ß');
  });
});

describe('legal pages exist for every host’s regional locale and consent regime', () => {
  it('one per document, regional locale and regime, the British, Swiss and American ones included', async () => {
    const { paths } = await legalPaths({});
    const built = new Set(
      paths.map((path) =>
        typeof path === 'string'
          ? path
          : `${path.locale} ${path.params.doc}/${path.params.format}/${path.params.regime}`,
      ),
    );
    for (const entry of DOMAIN_ENTRIES)
      for (const locale of entry.locales)
        expect(built).toContain(
          `${locale} terms/${hostFormatLocale(entry.slug, locale)}/${hostConsentRegime(entry.slug, locale)}`,
        );
    expect(built).toContain('en privacy/en-GB/opt-in');
    expect(built).toContain('de cookies/de-CH/opt-in');
    expect(built).toContain('de imprint/de-CH/opt-in');
    expect(built).toContain('de imprint/de-AT/opt-in');
    expect(built).toContain('en cookies/en-US/opt-out');
    // A German page of an American host asks first (issue 22 item 4).
    expect(built).toContain('de cookies/de-DE/opt-in');
    // The microsites host has no country: its pages ask first.
    expect(built).toContain('en cookies/en-US/opt-in');
  });

  it('carry the regime to the page, whose banner and purge follow it (pages/_app.tsx)', async () => {
    const props = (regime: string) =>
      legalProps({ params: { doc: 'cookies', format: 'en-US', regime }, locale: 'en' } as GetStaticPropsContext<{
        doc: 'cookies';
        format: string;
        regime: 'opt-out';
      }>);
    expect(await props('opt-out')).toMatchObject({ props: { consentRegime: 'opt-out' } });
    expect(await props('opt-in')).toMatchObject({ props: { consentRegime: 'opt-in' } });
    expect(await props('maybe')).toEqual({ notFound: true });
  });
});

describe('a tenant host’s 404 in its consent regime', () => {
  it('exists for both regimes in every locale and carries its regime to the page', async () => {
    const { paths } = await notFoundPaths({ locales: ['en', 'de'] });
    expect(paths).toEqual(
      expect.arrayContaining([
        { params: { regime: 'opt-out' }, locale: 'de' },
        { params: { regime: 'opt-in' }, locale: 'en' },
      ]),
    );
    const props = (regime: string) =>
      notFoundProps({ params: { regime }, locale: 'en' } as GetStaticPropsContext<{ regime: 'opt-out' }>);
    expect(await props('opt-out')).toMatchObject({ props: { consentRegime: 'opt-out', year: expect.any(Number) } });
    expect(await props('maybe')).toEqual({ notFound: true });
  });
});

describe('nearby distances follow the host country', () => {
  const firstDistance = (slug: string, type: 'city' | 'poi') => landingProps({ slug, type }, 'en')?.nearby[0]?.distance;

  it.each([
    ['dublin', 'city', /^\d+(\.\d)?\u00a0km$/],
    ['kings-cross-station', 'poi', /^\d+(\.\d)?\u00a0mi$/],
    ['toronto-union-station', 'poi', /^\d+(\.\d)?\u00a0km$/],
  ] as const)('en on %s (%s) reads %s', (slug, type, pattern) => expect(firstDistance(slug, type)).toMatch(pattern));
});
