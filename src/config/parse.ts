/** Small, dependency-free readers for environment values. Each throws a message naming the variable. */

export class EnvError extends Error {
  constructor(name: string, problem: string) {
    super(`Invalid environment variable ${name}: ${problem}`);
    this.name = 'EnvError';
  }
}

const blankToUndefined = (raw: string | undefined): string | undefined => {
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
};

/** An absolute http(s) URL without a trailing slash. */
export function readUrl(name: string, raw: string | undefined, fallback: string): string;
export function readUrl(name: string, raw: string | undefined): string | undefined;
export function readUrl(name: string, raw: string | undefined, fallback?: string): string | undefined {
  const value = blankToUndefined(raw) ?? fallback;
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EnvError(name, `expected an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EnvError(name, `expected an http or https URL, got ${JSON.stringify(value)}`);
  }
  return value.replace(/\/+$/, '');
}

export function readString(name: string, raw: string | undefined, fallback: string): string;
export function readString(name: string, raw: string | undefined): string | undefined;
export function readString(_name: string, raw: string | undefined, fallback?: string): string | undefined {
  return blankToUndefined(raw) ?? fallback;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function readBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = blankToUndefined(raw)?.toLowerCase();
  if (value === undefined) return fallback;
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new EnvError(name, `expected true or false, got ${JSON.stringify(raw)}`);
}

/** How many proxies in front are trusted: false/0 none, true 1, or a count. */
export function readProxyHops(name: string, raw: string | undefined): number {
  const value = blankToUndefined(raw)?.toLowerCase();
  if (value === undefined || FALSE.has(value)) return 0;
  if (TRUE.has(value)) return 1;
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  throw new EnvError(name, `expected false, true or the number of trusted proxies in front (1-10), got ${JSON.stringify(raw)}`);
}

export function readPositiveInt(name: string, raw: string | undefined, fallback: number): number {
  const value = blankToUndefined(raw);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new EnvError(name, `expected a positive whole number, got ${JSON.stringify(raw)}`);
  }
  return Number(value);
}
