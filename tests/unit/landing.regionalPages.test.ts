// Issue 21: a page is written as its host's country writes its language, by construction: the
// props each page renders from (spec §9 locales; §3 locale entry distanceSystem).
import type { GetStaticPropsContext } from 'next';
import { getStaticPaths as legalPaths, getStaticProps as legalProps } from '../../pages/legal/[doc]/[format]';
import { getStaticProps as landingPageProps } from '../../pages/[slug]/[type]';
import { landingProps } from '@/landing/server';
import { hostFormatLocale } from '@/tenancy/hostFormat';
import { DOMAIN_ENTRIES } from '@/tenancy/tenantMap';

const propsOf = async (result: unknown) => JSON.stringify(((await result) as { props: unknown }).props);

describe('Swiss German pages have no ß', () => {
  const landing = (slug: string, type: string) => propsOf(landingPageProps({ params: { slug, type }, locale: 'de' } as GetStaticPropsContext<{ slug: string; type: string }>));
  const legal = (format: string) => propsOf(legalProps({ params: { doc: 'terms', format }, locale: 'de' } as GetStaticPropsContext<{ doc: 'terms'; format: string }>));

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

describe('legal pages exist for every host’s regional locale', () => {
  it('one per document and regional locale, the British and Swiss ones included', async () => {
    const { paths } = await legalPaths({});
    const built = new Set(paths.map((path) => (typeof path === 'string' ? path : `${path.locale} ${path.params.doc}/${path.params.format}`)));
    for (const entry of DOMAIN_ENTRIES) for (const locale of entry.locales) expect(built).toContain(`${locale} terms/${hostFormatLocale(entry.slug, locale)}`);
    expect(built).toContain('en privacy/en-GB');
    expect(built).toContain('de cookies/de-CH');
    expect(built).toContain('de imprint/de-CH');
    expect(built).toContain('de imprint/de-AT');
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
