// Issue 21: a page is written as its host's country writes its language, by construction: the
// props each page renders from (spec §9 locales; §3 locale entry distanceSystem).
import type { GetStaticPropsContext } from 'next';
import { getStaticProps as landingPageProps } from '../../pages/[slug]/[type]';
import { landingProps } from '@/landing/server';

const propsOf = async (result: unknown) => JSON.stringify(((await result) as { props: unknown }).props);

describe('Swiss German pages have no ß', () => {
  const landing = (slug: string, type: string) => propsOf(landingPageProps({ params: { slug, type }, locale: 'de' } as GetStaticPropsContext<{ slug: string; type: string }>));

  it('on a landing page in Switzerland, where Germany’s keeps it', async () => {
    const geneva = await landing('geneva-train-station', 'poi');
    expect(geneva).not.toContain('ß');
    expect(geneva).toContain('Jede Grösse, ein Preis');
    expect(await landing('berlin', 'city')).toContain('Jede Größe, ein Preis');
  });
});

describe('nearby distances follow the host country', () => {
  const firstDistance = (slug: string, type: 'city' | 'poi') => landingProps({ slug, type }, 'en')?.nearby[0]?.distance;

  it.each([
    ['dublin', 'city', /^\d+(\.\d)? km$/],
    ['kings-cross-station', 'poi', /^\d+(\.\d)? mi$/],
    ['toronto-union-station', 'poi', /^\d+(\.\d)? km$/],
  ] as const)('en on %s (%s) reads %s', (slug, type, pattern) => expect(firstDistance(slug, type)).toMatch(pattern));
});
