// Preview addresses of a host and the grouping of alias hosts under one page (spec §2).
import { previewUrl } from '@/tenancy/previewUrl';
import { groupTenantPages } from '@/tenancy/tenantPages';
import { FIXTURE_ENTRIES } from './fixtures';

describe('previewUrl', () => {
  it.each([
    ['http://localhost:3000', 'http://prague-test.cz.localhost:3000/'],
    ['http://localhost', 'http://prague-test.cz.localhost/'],
    ['https://sites.example.org', 'https://prague-test.cz/'],
  ])('with microsites at %s → %s', (base, expected) => expect(previewUrl('prague-test.cz', base)).toBe(expected));
});

describe('groupTenantPages', () => {
  it('groups alias hosts under one page', () => {
    const pages = groupTenantPages(FIXTURE_ENTRIES);
    expect(pages.map((page) => page.path)).toEqual(['/kings-cross-station/poi', '/prague/city', '/kyoto-station/poi']);
    expect(pages[0]?.domains).toEqual(['kingscross-test.co.uk', 'kingscross-alias.com']);
  });
});
