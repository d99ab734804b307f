// Forwarded headers count only from the proxies the instance is told to trust (TRUSTED_PROXIES,
// docs/security.md "Forwarded headers"); from anyone else they are dropped before Next reads them.
import type { IncomingHttpHeaders } from 'node:http';
import { parseServerEnv } from '@/config/serverEnv';
import { dropUntrustedForwarding, trustedPeers } from '@/security/forwardedHeaders';

const loopback = trustedPeers(parseServerEnv({}).trustedProxies);
const privateNetwork = trustedPeers(parseServerEnv({ TRUSTED_PROXIES: '10.0.0.0/8,fd00::/8' }).trustedProxies);

describe('trustedPeers', () => {
  it.each([
    [loopback, '127.0.0.1', true],
    [loopback, '127.0.0.2', true],
    [loopback, '::1', true],
    [loopback, '::ffff:127.0.0.1', true],
    [loopback, '10.1.2.3', false],
    [loopback, '::ffff:10.1.2.3', false],
    [loopback, '::2', false],
    [loopback, undefined, false],
    [privateNetwork, '10.255.0.1', true],
    [privateNetwork, 'fd12::1', true],
    [privateNetwork, '11.0.0.1', false],
    [privateNetwork, '127.0.0.1', false],
  ])('%#: peer %s → trusted %s', (check, address, trusted) => expect(check(address)).toBe(trusted));
});

describe('dropUntrustedForwarding', () => {
  const forwarded = (): IncomingHttpHeaders => ({
    host: 'kingscross-bagberth.co.uk',
    'x-forwarded-host': 'prague-bagberth.cz',
    'x-forwarded-for': '6.6.6.6',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    forwarded: 'for=6.6.6.6;host=prague-bagberth.cz',
    'x-real-ip': '6.6.6.6',
    'user-agent': 'curl',
  });

  it('keeps them from a trusted proxy', () => {
    const headers = forwarded();
    dropUntrustedForwarding(headers, '127.0.0.1', loopback);
    expect(headers).toEqual(forwarded());
  });

  it("drops the headers only a proxy may write, such as the visitor's country, from any other peer", () => {
    const headers = { ...forwarded(), 'cf-ipcountry': 'DE' };
    dropUntrustedForwarding(headers, '203.0.113.9', loopback, ['cf-ipcountry']);
    expect(headers).toEqual({ host: 'kingscross-bagberth.co.uk', 'user-agent': 'curl' });
    const fromProxy = { ...forwarded(), 'cf-ipcountry': 'DE' };
    dropUntrustedForwarding(fromProxy, '127.0.0.1', loopback, ['cf-ipcountry']);
    expect(fromProxy).toEqual({ ...forwarded(), 'cf-ipcountry': 'DE' });
  });

  it('drops every forwarding header from any other peer, and nothing else', () => {
    const headers = forwarded();
    dropUntrustedForwarding(headers, '203.0.113.9', loopback);
    expect(headers).toEqual({ host: 'kingscross-bagberth.co.uk', 'user-agent': 'curl' });
  });
});
