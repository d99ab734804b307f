import type { DomainEntry } from '@/tenancy/types';

/** A small tenant map for table-driven tests, independent of the real tenants/ files. */
export const FIXTURE_ENTRIES: DomainEntry[] = [
  {
    domain: 'kingscross-test.co.uk',
    type: 'poi',
    slug: 'kings-cross-station',
    path: '/kings-cross-station/poi',
    locales: ['en', 'fr', 'de'],
  },
  {
    domain: 'kingscross-alias.com',
    type: 'poi',
    slug: 'kings-cross-station',
    path: '/kings-cross-station/poi',
    locales: ['en', 'fr', 'de'],
  },
  { domain: 'prague-test.cz', type: 'city', slug: 'prague', path: '/prague/city', locales: ['en'] },
  { domain: 'kyoto-test.jp', type: 'poi', slug: 'kyoto-station', path: '/kyoto-station/poi', locales: ['en', 'ja'] },
];
