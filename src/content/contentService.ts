import type { Limiter } from './limitConcurrency';
import { isObject } from '@/base/isObject';
import type { Resources, TranslationTree } from '@/i18n/pageCopy';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;
type Sleep = (ms: number) => Promise<void>;

/** Spec §9: the translation library tries 5 times, waiting from 350 ms, with 10 parallel reads. */
export const CONTENT_FETCH_DEFAULTS = {
  tries: 5,
  retryDelayMs: 350,
  timeoutMs: 5000,
  maxParallelReads: 10,
} as const;

export interface FetchNamespaceOptions {
  fetch?: Fetch;
  sleep?: Sleep;
  /** Attempts in all, the first included (at least one is made). */
  tries?: number;
  /** The wait before the second try; each later wait doubles it. */
  retryDelayMs?: number;
  /** How long one try may take, answer body included. */
  timeoutMs?: number;
}

/** A namespace the service could not deliver; the caller keeps the embedded copy and logs this. */
export interface ContentError {
  locale: string;
  namespace: string;
  url: string;
  tries: number;
  message: string;
}

export type NamespaceResult = { ok: true; data: TranslationTree } | { ok: false; error: ContentError };

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The content service's URL shape: `GET {base}/{locale}/{namespace}.json`. */
export function namespaceUrl(baseUrl: string, locale: string, namespace: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(locale)}/${encodeURIComponent(namespace)}.json`;
}

type Attempt = { ok: true; data: TranslationTree } | { ok: false; message: string; retry: boolean };

// Spec §7 answer handling: 408 (timeout), 429 (rate limit) and 5xx may pass; other answers will not.
const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function attempt(url: string, fetch: Fetch, timeoutMs: number): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing the timer as well as aborting keeps the limit even for a fetch that ignores its signal.
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, timeoutMs);
  });
  try {
    let body: string;
    try {
      const response = await Promise.race([
        fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } }),
        timedOut,
      ]);
      if (!response.ok)
        return { ok: false, retry: isRetryableStatus(response.status), message: `HTTP ${response.status}` };
      body = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      const message = controller.signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : `network error: ${describeError(error)}`;
      return { ok: false, retry: true, message };
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (error) {
      return { ok: false, retry: false, message: `invalid JSON: ${describeError(error)}` };
    }
    const problem = translationTreeProblem(data);
    return problem ? { ok: false, retry: false, message: problem } : { ok: true, data: data as TranslationTree };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads one namespace from the content service. Network errors, timeouts, 408, 429 and 5xx are
 * tried again after 350, 700, 1400, … ms; other answers, broken JSON and a namespace of the wrong
 * shape fail at once. Never throws: a failure comes back as an error to report.
 */
export async function fetchNamespace(
  baseUrl: string,
  locale: string,
  namespace: string,
  options: FetchNamespaceOptions = {},
): Promise<NamespaceResult> {
  const {
    fetch = globalThis.fetch,
    sleep = realSleep,
    tries = CONTENT_FETCH_DEFAULTS.tries,
    retryDelayMs = CONTENT_FETCH_DEFAULTS.retryDelayMs,
    timeoutMs = CONTENT_FETCH_DEFAULTS.timeoutMs,
  } = options;
  const url = namespaceUrl(baseUrl, locale, namespace);
  for (let tried = 1; ; tried += 1) {
    const result = await attempt(url, fetch, timeoutMs);
    if (result.ok) return result;
    if (!result.retry || tried >= tries)
      return { ok: false, error: { locale, namespace, url, tries: tried, message: result.message } };
    await sleep(retryDelayMs * 2 ** (tried - 1));
  }
}

export interface RemoteResources {
  resources: Resources;
  errors: ContentError[];
}

/** Every namespace of every locale, in that order. */
export function namespacePairs(locales: readonly string[], namespaces: readonly string[]) {
  return locales.flatMap((locale) => namespaces.map((namespace) => ({ locale, namespace })));
}

/** fetchNamespace through a limiter; even a throwing fetch or sleep comes back as a failure. */
export function limitedRead(
  limit: Limiter,
  options: FetchNamespaceOptions & { baseUrl: string },
  locale: string,
  namespace: string,
): Promise<NamespaceResult> {
  return limit(() => fetchNamespace(options.baseUrl, locale, namespace, options)).catch(
    (error: unknown): NamespaceResult => ({
      ok: false,
      error: {
        locale,
        namespace,
        url: namespaceUrl(options.baseUrl, locale, namespace),
        tries: 0,
        message: describeError(error),
      },
    }),
  );
}

export interface NamespaceRead {
  locale: string;
  namespace: string;
  result: NamespaceResult;
}

/** Sorts reads into i18next resources and the errors to log. */
export function collectResources(reads: readonly NamespaceRead[]): RemoteResources {
  const resources: Resources = {};
  const errors: ContentError[] = [];
  for (const { locale, namespace, result } of reads) {
    if (result.ok) (resources[locale] ??= {})[namespace] = result.data;
    else errors.push(result.error);
  }
  return { resources, errors };
}

/** One log line for a failed namespace. */
export function formatContentError(error: ContentError): string {
  const tries = error.tries === 1 ? '1 try' : `${error.tries} tries`;
  return `[content] ${error.locale}/${error.namespace} from ${error.url} failed after ${tries} (${error.message}); using the embedded copy`;
}

type Json = Record<string, unknown>;
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`);

/** Why a value is not a namespace (an object of text and nested objects), or undefined when it is one. */
export function translationTreeProblem(value: unknown, path: readonly string[] = []): string | undefined {
  if (!isObject(value)) return `expected an object of texts, got ${kindOf(value)}`;
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, key];
    if (typeof child === 'string') continue;
    if (!isObject(child)) return `"${childPath.join('.')}" is ${kindOf(child)}; expected a text or a nested object`;
    const problem = translationTreeProblem(child, childPath);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Remote texts over the embedded ones, recursively, so a partial remote namespace never drops a
 * key. Where the two disagree in shape (text against group), the embedded value stays: the pages
 * were written against it. Neither input is changed.
 */
export function mergeOverEmbedded<T extends object>(embedded: T, remote: object): T {
  const merged: Json = { ...(embedded as Json) };
  for (const [key, value] of Object.entries(remote)) {
    // JSON.parse keeps "__proto__" as a plain key; assigning it would swap the object's prototype.
    if (key === '__proto__') continue;
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    if (current === undefined) merged[key] = value;
    else if (isObject(current) && isObject(value)) merged[key] = mergeOverEmbedded(current, value);
    else if (typeof current === 'string' && typeof value === 'string') merged[key] = value;
  }
  return merged as T;
}
