// Environment is parsed once, typed and validated; the defaults serve the embedded setup.
import { parsePublicEnv } from '@/config/publicEnv';
import { parseServerEnv } from '@/config/serverEnv';

describe('parsePublicEnv', () => {
  it('works with no environment at all', () => {
    expect(parsePublicEnv({})).toEqual({ micrositesBaseUrl: 'http://localhost:3000', customerAppUrl: 'https://app.bagberth.com' });
  });

  it('takes URLs from the environment and drops a trailing slash', () => {
    expect(parsePublicEnv({ NEXT_PUBLIC_MICROSITES_BASE_URL: 'https://sites.example.org/', NEXT_PUBLIC_CUSTOMER_APP_URL: ' ' })).toEqual({
      micrositesBaseUrl: 'https://sites.example.org',
      customerAppUrl: 'https://app.bagberth.com',
    });
  });

  it.each([
    ['NEXT_PUBLIC_MICROSITES_BASE_URL', 'sites.example.org', 'Invalid environment variable NEXT_PUBLIC_MICROSITES_BASE_URL: expected an absolute http(s) URL, got "sites.example.org"'],
    ['NEXT_PUBLIC_CUSTOMER_APP_URL', 'ftp://app.example.org', 'Invalid environment variable NEXT_PUBLIC_CUSTOMER_APP_URL: expected an http or https URL, got "ftp://app.example.org"'],
  ])('rejects a bad %s with a message naming it', (name, value, message) => {
    expect(() => parsePublicEnv({ [name]: value })).toThrow(message);
  });
});

describe('parseServerEnv', () => {
  it.each([
    [undefined, 0],
    ['off', 0],
    ['0', 0],
    ['true', 1],
    ['1', 1],
    ['2', 2],
  ])('TRUST_PROXY=%s → %s trusted proxies', (raw, expected) => expect(parseServerEnv({ TRUST_PROXY: raw }).trustProxyHops).toBe(expected));

  it.each(['maybe', '-1', '11'])('rejects TRUST_PROXY=%s', (raw) => {
    expect(() => parseServerEnv({ TRUST_PROXY: raw })).toThrow(
      `Invalid environment variable TRUST_PROXY: expected false, true or the number of trusted proxies in front (1-10), got "${raw}"`,
    );
  });
});
