/**
 * Small, dependency-free readers for environment values. A reader collects every problem instead
 * of stopping at the first, so one run names every bad variable; `done` throws them together.
 */

export type Env = Record<string, string | undefined>;

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

const problemText = (name: string, problem: string) => `Invalid environment variable ${name}: ${problem}`;

const blankToUndefined = (raw: string | undefined): string | undefined => {
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
};

/** The schemes a URL variable takes, and how its problems are worded. */
export interface UrlKind {
  protocols: readonly string[];
  unparsable: string;
  wrongScheme: string;
}
export const HTTP_URL: UrlKind = {
  protocols: ['http:', 'https:'],
  unparsable: 'an absolute http(s) URL',
  wrongScheme: 'an http or https URL',
};

/** `value` as a URL of `kind` without trailing slashes, or which of `kind`'s problems it has. */
export function checkUrl(kind: UrlKind, value: string): { url: string } | { problem: 'unparsable' | 'wrongScheme' } {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { problem: 'unparsable' };
  }
  return kind.protocols.includes(parsed.protocol) ? { url: value.replace(/\/+$/, '') } : { problem: 'wrongScheme' };
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export interface EnvReader {
  /** An absolute http(s) URL without a trailing slash. */
  url(name: string, fallback: string): string;
  url(name: string): string | undefined;
  /** An absolute URL of the caller's kind, e.g. redis:// in serverEnv; the kind lives with its caller, so the browser's copy of this reader carries none it does not use. */
  urlOf(kind: UrlKind, name: string): string | undefined;
  string(name: string, fallback: string): string;
  string(name: string): string | undefined;
  boolean(name: string, fallback: boolean): boolean;
  positiveInt(name: string, fallback: number): number;
  /** A TCP port, 1-65535. */
  port(name: string, fallback: number): number;
  /** How many proxies in front are trusted: false/0 none, true 1, or a count. */
  proxyHops(name: string): number;
  /** Records a problem found by a caller's own rule. */
  problem(name: string, problem: string): void;
  /** The parsed value, or an EnvError naming every bad variable read so far. */
  done<T>(value: T): T;
}

export function envReader(env: Env): EnvReader {
  const problems: string[] = [];
  const problem = (name: string, text: string) => {
    problems.push(problemText(name, text));
  };

  function urlOfKind(kind: UrlKind, name: string, fallback?: string): string | undefined {
    const value = blankToUndefined(env[name]) ?? fallback;
    if (value === undefined) return undefined;
    const checked = checkUrl(kind, value);
    if ('url' in checked) return checked.url;
    problem(name, `expected ${kind[checked.problem]}, got ${JSON.stringify(value)}`);
    return fallback;
  }

  function url(name: string, fallback: string): string;
  function url(name: string): string | undefined;
  function url(name: string, fallback?: string): string | undefined {
    return urlOfKind(HTTP_URL, name, fallback);
  }

  function string(name: string, fallback: string): string;
  function string(name: string): string | undefined;
  function string(name: string, fallback?: string): string | undefined {
    return blankToUndefined(env[name]) ?? fallback;
  }

  return {
    url,
    urlOf: (kind, name) => urlOfKind(kind, name),
    string,
    boolean(name, fallback) {
      const value = blankToUndefined(env[name])?.toLowerCase();
      if (value === undefined) return fallback;
      if (TRUE.has(value)) return true;
      if (FALSE.has(value)) return false;
      problem(name, `expected true or false, got ${JSON.stringify(env[name])}`);
      return fallback;
    },
    positiveInt(name, fallback) {
      const value = blankToUndefined(env[name]);
      if (value === undefined) return fallback;
      if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
      problem(name, `expected a positive whole number, got ${JSON.stringify(env[name])}`);
      return fallback;
    },
    port(name, fallback) {
      const value = blankToUndefined(env[name]);
      if (value === undefined) return fallback;
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535) return Number(value);
      problem(name, `expected a port number (1-65535), got ${JSON.stringify(env[name])}`);
      return fallback;
    },
    proxyHops(name) {
      const value = blankToUndefined(env[name])?.toLowerCase();
      if (value === undefined || FALSE.has(value)) return 0;
      if (TRUE.has(value)) return 1;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      problem(
        name,
        `expected false, true or the number of trusted proxies in front (1-10), got ${JSON.stringify(env[name])}`,
      );
      return 0;
    },
    problem,
    done(value) {
      if (problems.length > 0) throw new EnvError(problems);
      return value;
    },
  };
}
