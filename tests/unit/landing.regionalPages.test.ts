// Issue 21: a page is written as its host's country writes its language, by construction: the
// props each page renders from (spec §9 locales; §3 locale entry distanceSystem).
import { landingProps } from '@/landing/server';

describe('nearby distances follow the host country', () => {
  const firstDistance = (slug: string, type: 'city' | 'poi') => landingProps({ slug, type }, 'en')?.nearby[0]?.distance;

  it.each([
    ['dublin', 'city', /^\d+(\.\d)? km$/],
    ['kings-cross-station', 'poi', /^\d+(\.\d)? mi$/],
    ['toronto-union-station', 'poi', /^\d+(\.\d)? km$/],
  ] as const)('en on %s (%s) reads %s', (slug, type, pattern) => expect(firstDistance(slug, type)).toMatch(pattern));
});
