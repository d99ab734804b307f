/**
 * The environment reader's URL part (parse.ts builds the whole reader on it): all that
 * publicEnv.ts, in the browser's first load, reads. A reader collects every problem instead of
 * stopping at the first, so one run names every bad variable; `done` throws them together.
 */

export type Env = Record<string, string | undefined>;

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

const problemText = (name: string, problem: string) => `Invalid environment variable ${name}: ${problem}`;

export const blankToUndefined = (raw: string | undefined): string | undefined => {
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

export interface UrlReader {
  /** An absolute http(s) URL without a trailing slash. */
  url(name: string, fallback: string): string;
  url(name: string): string | undefined;
  /** An absolute URL of the caller's kind, e.g. redis:// in serverEnv; the kind lives with its caller, so the browser's copy of this reader carries none it does not use. */
  urlOf(kind: UrlKind, name: string): string | undefined;
  /** Records a problem found by a caller's own rule. */
  problem(name: string, problem: string): void;
  /** The parsed value, or an EnvError naming every bad variable read so far. */
  done<T>(value: T): T;
}

export function urlReader(env: Env): UrlReader {
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

  return {
    url,
    urlOf: (kind, name) => urlOfKind(kind, name),
    problem,
    done(value) {
      if (problems.length > 0) throw new EnvError(problems);
      return value;
    },
  };
}
