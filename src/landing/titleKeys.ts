import type { PlaceKind, TenantType } from '@/tenancy/types';

/**
 * The title and headline templates of a page. A city also served as a POI page (spec §2: /venice/city
 * and /venice/poi) is about its centre there, where the POI page's neighbours are measured from,
 * and says so: the two pages never share a title or a headline.
 */
export function titleKeys(type: TenantType, kind: PlaceKind) {
  const centre = type === 'poi' && kind === 'city';
  return {
    title: centre ? 'meta.centreTitle' : 'meta.title',
    headline: centre ? 'hero.centreTitle' : 'hero.title',
  } as const;
}
