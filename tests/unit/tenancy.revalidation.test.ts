// POST /api/revalidate (docs/deploy.md): which pages a request regenerates, or why it is refused.
import { revalidationTargets, type RevalidationTargets } from '@/tenancy/revalidationTargets';
import { FIXTURE_ENTRIES } from './fixtures';

const KINGS_CROSS = ['/kings-cross-station/poi', '/fr/kings-cross-station/poi', '/de/kings-cross-station/poi'];
// Both hosts serve the page, so the proxy in front drops both hosts' copies.
const KINGS_CROSS_HOSTS = ['kingscross-test.co.uk', 'kingscross-alias.com'];
// The microsites host serves it too; its page data names the default locale.
const KINGS_CROSS_MICROSITES = [...KINGS_CROSS, '/en/kings-cross-station/poi'];

describe('revalidationTargets', () => {
  it.each<[string, unknown, RevalidationTargets]>([
    [
      'a tenant host: its page in every locale it offers',
      { host: 'kyoto-test.jp' },
      {
        ok: true,
        paths: ['/kyoto-station/poi', '/ja/kyoto-station/poi'],
        hosts: ['kyoto-test.jp'],
        micrositesPaths: ['/kyoto-station/poi', '/ja/kyoto-station/poi', '/en/kyoto-station/poi'],
      },
    ],
    [
      'a host as a browser writes it, with port, case and preview suffix',
      { host: 'KingsCross-Test.co.uk.localhost:3000' },
      { ok: true, paths: KINGS_CROSS, hosts: KINGS_CROSS_HOSTS, micrositesPaths: KINGS_CROSS_MICROSITES },
    ],
    [
      'an alias host: the page it shares, once',
      { host: 'kingscross-alias.com' },
      { ok: true, paths: KINGS_CROSS, hosts: KINGS_CROSS_HOSTS, micrositesPaths: KINGS_CROSS_MICROSITES },
    ],
    [
      'a slug: every page of the place, aliases once',
      { slug: 'kings-cross-station' },
      { ok: true, paths: KINGS_CROSS, hosts: KINGS_CROSS_HOSTS, micrositesPaths: KINGS_CROSS_MICROSITES },
    ],
    [
      'a city with one locale',
      { slug: 'prague' },
      {
        ok: true,
        paths: ['/prague/city'],
        hosts: ['prague-test.cz'],
        micrositesPaths: ['/prague/city', '/en/prague/city'],
      },
    ],
  ])('%s', (_name, body, expected) => expect(revalidationTargets(body, FIXTURE_ENTRIES)).toEqual(expected));

  it.each([
    ['an unknown host', { host: 'nowhere.example' }, 'No tenant host "nowhere.example"'],
    ['an unknown slug', { slug: 'atlantis' }, 'No place with slug "atlantis"'],
  ])('answers 404 for %s, naming it', (_name, body, message) => {
    expect(revalidationTargets(body, FIXTURE_ENTRIES)).toEqual({ ok: false, status: 404, message });
  });

  it.each([
    ['no body', undefined],
    ['a string', 'kyoto-test.jp'],
    ['an array', [{ host: 'kyoto-test.jp' }]],
    ['neither field', { domain: 'kyoto-test.jp' }],
    ['both fields', { host: 'kyoto-test.jp', slug: 'kyoto-station' }],
    ['a host that is not a string', { host: 42 }],
    ['a slug that is not a string', { slug: ['prague'] }],
  ])('answers 400 for %s, saying what it expects', (_name, body) => {
    expect(revalidationTargets(body, FIXTURE_ENTRIES)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('"host"'),
    });
  });
});
