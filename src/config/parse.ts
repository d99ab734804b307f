/**
 * Small, dependency-free readers for environment values: the URL reader (urlReader.ts) and the
 * other kinds. A reader collects every problem instead of stopping at the first, so one run names
 * every bad variable; `done` throws them together.
 */
import { blankToUndefined, urlReader, type Env, type UrlReader } from './urlReader';

export { checkUrl, EnvError, HTTP_URL, type Env, type UrlKind } from './urlReader';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export interface EnvReader extends UrlReader {
  string(name: string, fallback: string): string;
  string(name: string): string | undefined;
  boolean(name: string, fallback: boolean): boolean;
  positiveInt(name: string, fallback: number): number;
  /** A TCP port, 1-65535. */
  port(name: string, fallback: number): number;
  /** How many proxies in front are trusted: false/0 none, true 1, or a count. */
  proxyHops(name: string): number;
}

export function envReader(env: Env): EnvReader {
  const read = urlReader(env);
  const { problem } = read;

  function string(name: string, fallback: string): string;
  function string(name: string): string | undefined;
  function string(name: string, fallback?: string): string | undefined {
    return blankToUndefined(env[name]) ?? fallback;
  }

  return {
    ...read,
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
  };
}
