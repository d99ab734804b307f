// Who sent a request, for per-client limits: behind TRUST_PROXY hops, the address the trusted
// proxy added to X-Forwarded-For; else the TCP peer, whatever the client wrote.
import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/config/forwarded';

describe('clientAddress', () => {
  it.each([
    { forwardedFor: '198.51.100.7', hops: 1, expected: '198.51.100.7' },
    { forwardedFor: '203.0.113.9, 198.51.100.7', hops: 1, expected: '198.51.100.7' },
    { forwardedFor: '203.0.113.9, 198.51.100.7, 10.0.0.2', hops: 2, expected: '198.51.100.7' },
    { forwardedFor: '198.51.100.7', hops: 0, expected: '127.0.0.1' },
    { forwardedFor: undefined, hops: 1, expected: '127.0.0.1' },
    { forwardedFor: '198.51.100.7', hops: 2, expected: '127.0.0.1' },
  ])('X-Forwarded-For $forwardedFor with $hops trusted → $expected', ({ forwardedFor, hops, expected }) => {
    expect(clientAddress(forwardedFor, '127.0.0.1', hops)).toBe(expected);
  });
});
