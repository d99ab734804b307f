import type { EnvReader } from './parse';

/** One address range whose peers may vouch for a request with X-Forwarded-* headers. */
export interface AddressRange {
  family: 'ipv4' | 'ipv6';
  address: string;
  prefix: number;
}

/** The proxy on the same machine (deploy/): IPv4 loopback and ::1. */
const LOOPBACK_RANGES = '127.0.0.0/8,::1/128';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(address: string): boolean {
  const octets = IPV4.exec(address);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255 && String(Number(octet)) === octet);
}

// The Edge middleware reads serverEnv too, so no node:net here: a URL parser knows IPv6 literals.
function ipv6(address: string): boolean {
  if (!address.includes(':') || !/^[0-9a-f:.]+$/i.test(address)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** One `address` or `address/prefix` entry, or undefined when it is neither. */
function parseAddressRange(entry: string): AddressRange | undefined {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = ipv4(address) ? 'ipv4' : ipv6(address) ? 'ipv6' : undefined;
  if (!family || rest.length > 0) return undefined;
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { family, address, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  return { family, address, prefix: Number(prefixText) };
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the proxies that connect to the
 * server. Requests from any other peer lose their X-Forwarded-* headers (server.ts).
 */
export function readTrustedProxies(read: EnvReader, name: string): AddressRange[] {
  const raw = read.string(name, LOOPBACK_RANGES);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ranges = entries.map(parseAddressRange);
  const bad = entries.filter((_, index) => ranges[index] === undefined);
  if (bad.length > 0 || entries.length === 0) {
    read.problem(
      name,
      `expected IP addresses or CIDR ranges separated by commas, such as "${LOOPBACK_RANGES}" or "10.0.0.0/8", got ${JSON.stringify(bad.length > 0 ? bad.join(',') : raw)}`,
    );
  }
  return ranges.filter((range): range is AddressRange => range !== undefined);
}
