import { z } from 'zod';
import { show } from './parse';

/** One address range whose peers may vouch for a request with X-Forwarded-* headers. */
export interface AddressRange {
  family: 'ipv4' | 'ipv6';
  address: string;
  prefix: number;
}

/** The proxy on the same machine (deploy/): IPv4 loopback and ::1. */
const LOOPBACK_RANGES = '127.0.0.0/8,::1/128';

const FAMILIES = [
  { family: 'ipv4', bits: 32, address: z.ipv4(), range: z.cidrv4() },
  { family: 'ipv6', bits: 128, address: z.ipv6(), range: z.cidrv6() },
] as const;

/** One `address` or `address/prefix` entry, or undefined when it is neither. */
function addressRange(entry: string): AddressRange | undefined {
  for (const { family, bits, address, range } of FAMILIES) {
    if (address.safeParse(entry).success) return { family, address: entry, prefix: bits };
    if (range.safeParse(entry).success) {
      const [at = '', prefix] = entry.split('/');
      return { family, address: at, prefix: Number(prefix) };
    }
  }
  return undefined;
}

/**
 * Comma-separated addresses or CIDR ranges, loopback when unset: TRUSTED_PROXIES, the proxies that
 * connect to the server (the X-Forwarded-* of any other peer are dropped by server.ts), and
 * PROXY_TRUSTED_FORWARDERS, the hops the caching proxy believes.
 */
export const addressRanges = () =>
  z
    .string()
    .transform((raw, context) => {
      const entries = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const ranges = entries.map(addressRange);
      const bad = entries.filter((_, index) => ranges[index] === undefined);
      if (bad.length > 0 || entries.length === 0)
        context.addIssue({
          code: 'custom',
          message: `expected IP addresses or CIDR ranges separated by commas, such as "${LOOPBACK_RANGES}" or "10.0.0.0/8", got ${show(bad.length > 0 ? bad.join(',') : raw)}`,
        });
      return ranges.filter((range): range is AddressRange => range !== undefined);
    })
    .prefault(LOOPBACK_RANGES);
