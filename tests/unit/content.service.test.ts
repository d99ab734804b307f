// Spec §1 (content service with microsites and legal namespaces), §7 (pluggable translation backend;
// answer handling 2xx/408/429/4xx/5xx) and §9 (translation retries: 5 tries from 350 ms, 10 parallel reads).
import { createContentSource } from '@/content/contentSource';
import {
  fetchNamespace,
  formatContentError,
  mergeOverEmbedded,
  namespaceUrl,
  translationTreeProblem,
  type Fetch,
} from '@/content/contentService';
import { createLimiter } from '@/content/limitConcurrency';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';

const BASE = 'https://content.example/v1';
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const text = (body: string, status = 200) => new Response(body, { status });

/** A fetch that answers from a list, one per call, and records the URLs it was asked for. */
function scriptedFetch(...answers: (() => Response | Promise<Response>)[]) {
  const urls: string[] = [];
  const fetch: Fetch = async (url) => {
    urls.push(url);
    const next = answers[Math.min(urls.length, answers.length) - 1];
    if (!next) throw new Error('no answer scripted');
    return next();
  };
  return { fetch, urls };
}

/** A slow fetch that records the URLs it was asked for and the most reads it saw at once. */
function concurrencyProbe(answer: (url: string) => Response, delayMs: number) {
  let running = 0;
  const probe = { urls: [] as string[], most: 0, fetch: (async () => new Response()) as Fetch };
  probe.fetch = async (url) => {
    probe.urls.push(url);
    running += 1;
    probe.most = Math.max(probe.most, running);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    running -= 1;
    return answer(url);
  };
  return probe;
}

/** A sleep that returns at once and remembers what it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { sleep: async (ms: number) => void waits.push(ms), waits };
}

const networkDown = () => Promise.reject(new TypeError('fetch failed'));
const hero = { hero: { title: 'Gepäckaufbewahrung' } };

describe('namespaceUrl', () => {
  it('is {base}/{locale}/{namespace}.json', () => {
    expect(namespaceUrl(BASE, 'de', 'microsites')).toBe('https://content.example/v1/de/microsites.json');
    expect(namespaceUrl(`${BASE}/`, 'ja', 'legal')).toBe('https://content.example/v1/ja/legal.json');
    expect(namespaceUrl(BASE, 'x/..', 'a b')).toBe('https://content.example/v1/x%2F../a%20b.json');
  });
});

describe('fetchNamespace', () => {
  it('returns the namespace on success, asking for JSON, without waiting', async () => {
    const seen: RequestInit[] = [];
    const { sleep, waits } = recordingSleep();
    const fetch: Fetch = async (_url, init) => (seen.push(init), json(hero));
    expect(await fetchNamespace(BASE, 'de', 'microsites', { fetch, sleep })).toEqual({ ok: true, data: hero });
    expect(seen[0]?.headers).toEqual({ accept: 'application/json' });
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(waits).toEqual([]);
  });

  it('tries again after 350 ms, then 700 ms, and succeeds', async () => {
    const { fetch, urls } = scriptedFetch(
      () => text('busy', 503),
      networkDown,
      () => json(hero),
    );
    const { sleep, waits } = recordingSleep();
    expect(await fetchNamespace(BASE, 'de', 'microsites', { fetch, sleep })).toEqual({ ok: true, data: hero });
    expect(urls).toEqual(Array(3).fill('https://content.example/v1/de/microsites.json'));
    expect(waits).toEqual([350, 700]);
  });

  it('gives up after 5 tries, waiting 350, 700, 1400 and 2800 ms, and reports the last failure', async () => {
    const { fetch, urls } = scriptedFetch(() => text('down', 502));
    const { sleep, waits } = recordingSleep();
    expect(await fetchNamespace(BASE, 'fr', 'legal', { fetch, sleep })).toEqual({
      ok: false,
      error: {
        locale: 'fr',
        namespace: 'legal',
        url: 'https://content.example/v1/fr/legal.json',
        tries: 5,
        message: 'HTTP 502',
      },
    });
    expect(urls).toHaveLength(5);
    expect(waits).toEqual([350, 700, 1400, 2800]);
  });

  it('retries a network error, 408 and 429 like a 5xx', async () => {
    for (const failure of [networkDown, () => text('', 408), () => text('', 429)]) {
      const { fetch, urls } = scriptedFetch(failure, () => json(hero));
      expect((await fetchNamespace(BASE, 'en', 'microsites', { fetch, sleep: recordingSleep().sleep })).ok).toBe(true);
      expect(urls).toHaveLength(2);
    }
  });

  it('does not retry an answer that will not change: 404, broken JSON, the wrong shape', async () => {
    const cases: [Response, string | RegExp][] = [
      [text('missing', 404), 'HTTP 404'],
      [text('{"hero": {"title": "Gepäck'), /^invalid JSON: /],
      [json(['a', 'b']), 'expected an object of texts, got a list'],
      [json({ hero: { title: 5 } }), '"hero.title" is a number; expected a text or a nested object'],
      [json({ faq: [{ q: 'x' }] }), '"faq" is a list; expected a text or a nested object'],
      [json(null), 'expected an object of texts, got null'],
    ];
    for (const [answer, message] of cases) {
      const { fetch, urls } = scriptedFetch(() => answer);
      const { sleep, waits } = recordingSleep();
      const result = await fetchNamespace(BASE, 'de', 'microsites', { fetch, sleep });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(message);
      expect(urls).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  it('gives each try a time limit, even against a fetch that ignores its abort signal', async () => {
    const aborted: boolean[] = [];
    const fetch: Fetch = (_url, init) => {
      init.signal?.addEventListener('abort', () => aborted.push(true));
      return new Promise<Response>(() => {});
    };
    const result = await fetchNamespace(BASE, 'de', 'microsites', {
      fetch,
      sleep: recordingSleep().sleep,
      tries: 2,
      timeoutMs: 20,
    });
    expect(result).toMatchObject({ ok: false, error: { tries: 2, message: 'no answer within 20 ms' } });
    expect(aborted).toEqual([true, true]);
  });

  it('honours other try counts and delays', async () => {
    const { fetch, urls } = scriptedFetch(networkDown);
    const { sleep, waits } = recordingSleep();
    await fetchNamespace(BASE, 'de', 'microsites', { fetch, sleep, tries: 3, retryDelayMs: 100 });
    expect(urls).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });
});

describe('createContentSource: reading every namespace once', () => {
  const namespaces = ['microsites', 'legal'];

  it('returns every namespace of every locale by locale, then namespace', async () => {
    const fetch: Fetch = async (url) => json({ from: url });
    const { resources, errors } = await createContentSource({ baseUrl: BASE, maxAgeMs: 0, fetch }).load(
      ['en', 'ja'],
      namespaces,
    );
    expect(errors).toEqual([]);
    expect(resources).toEqual({
      en: { microsites: { from: `${BASE}/en/microsites.json` }, legal: { from: `${BASE}/en/legal.json` } },
      ja: { microsites: { from: `${BASE}/ja/microsites.json` }, legal: { from: `${BASE}/ja/legal.json` } },
    });
  });

  it('never runs more than 10 reads at once, and does run 10', async () => {
    const probe = concurrencyProbe(() => json(hero), 5);
    const { fetch, urls } = probe;
    const { resources, errors } = await createContentSource({ baseUrl: BASE, maxAgeMs: 0, fetch }).load(
      WEBSITE_LOCALES,
      namespaces,
    );
    expect(urls).toHaveLength(22);
    expect(new Set(urls).size).toBe(22);
    expect(probe.most).toBe(10);
    expect(errors).toEqual([]);
    expect(Object.keys(resources)).toEqual([...WEBSITE_LOCALES]);
  });

  it('leaves out and reports what fails, and never throws', async () => {
    const fetch: Fetch = async (url) => {
      if (url.endsWith('/de/legal.json')) return text('{ not json');
      if (url.endsWith('/ja/microsites.json')) throw new TypeError('fetch failed');
      if (url.includes('/fr/')) throw new Error('boom'); // even a fetch that throws outright
      return json(hero);
    };
    const { sleep, waits } = recordingSleep();
    const { resources, errors } = await createContentSource({ baseUrl: BASE, maxAgeMs: 0, fetch, sleep }).load(
      ['de', 'ja', 'fr'],
      namespaces,
    );
    expect(resources).toEqual({ de: { microsites: hero }, ja: { legal: hero } });
    expect(errors.map((error) => [error.locale, error.namespace, error.tries, error.message.split(':')[0]])).toEqual([
      ['de', 'legal', 1, 'invalid JSON'],
      ['ja', 'microsites', 5, 'network error'],
      ['fr', 'microsites', 5, 'network error'],
      ['fr', 'legal', 5, 'network error'],
    ]);
    expect(waits).toHaveLength(12);
  });

  it('survives a sleep that throws', async () => {
    const result = await createContentSource({
      baseUrl: BASE,
      maxAgeMs: 0,
      fetch: networkDown,
      sleep: () => Promise.reject(new Error('no timers here')),
    }).load(['de'], ['microsites']);
    expect(result).toEqual({
      resources: {},
      errors: [
        {
          locale: 'de',
          namespace: 'microsites',
          url: `${BASE}/de/microsites.json`,
          tries: 0,
          message: 'no timers here',
        },
      ],
    });
  });
});

describe('formatContentError', () => {
  it('says what failed, how often, and that the embedded copy is used', () => {
    expect(
      formatContentError({
        locale: 'de',
        namespace: 'legal',
        url: `${BASE}/de/legal.json`,
        tries: 5,
        message: 'HTTP 503',
      }),
    ).toBe(
      '[content] de/legal from https://content.example/v1/de/legal.json failed after 5 tries (HTTP 503); using the embedded copy',
    );
  });
});

describe('mergeOverEmbedded', () => {
  const embedded = {
    hero: { title: 'Luggage storage', subtitle: 'Near {{place}}' },
    faq: { hours: { q: 'When?', a: 'Daily' }, size: { q: 'How big?', a: 'Any' } },
    footer: 'Bagberth',
  };

  it('keeps every embedded key a partial remote namespace lacks', () => {
    const merged = mergeOverEmbedded(embedded, {
      hero: { title: 'Store your bags' },
      faq: { size: { a: 'Up to 30 kg' } },
    });
    expect(merged).toEqual({
      hero: { title: 'Store your bags', subtitle: 'Near {{place}}' },
      faq: { hours: { q: 'When?', a: 'Daily' }, size: { q: 'How big?', a: 'Up to 30 kg' } },
      footer: 'Bagberth',
    });
  });

  it('adds keys only the remote has', () => {
    expect((mergeOverEmbedded(embedded, { banner: 'New!' }) as Record<string, unknown>).banner).toBe('New!');
  });

  it('keeps the embedded value where the shapes disagree', () => {
    const merged = mergeOverEmbedded(embedded, { hero: 'flat text', footer: { nested: 'x' } });
    expect(merged.hero).toEqual(embedded.hero);
    expect(merged.footer).toBe('Bagberth');
  });

  it('changes neither input', () => {
    const remote = { hero: { title: 'Store your bags' } };
    const before = JSON.stringify([embedded, remote]);
    mergeOverEmbedded(embedded, remote);
    expect(JSON.stringify([embedded, remote])).toBe(before);
  });

  it('ignores a "__proto__" key from the wire', () => {
    const merged = mergeOverEmbedded(embedded, JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": "c"}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
    expect((merged as Record<string, unknown>).constructor).toBe('c');
  });

  it('merges a whole next-i18next store (locale → namespace → texts)', () => {
    const store = {
      de: { microsites: { a: 'A', b: 'B' }, legal: { t: 'T' } },
      en: { microsites: { a: 'a', b: 'b' }, legal: { t: 't' } },
    };
    expect(mergeOverEmbedded(store, { de: { microsites: { a: 'Ä' } } })).toEqual({
      de: { microsites: { a: 'Ä', b: 'B' }, legal: { t: 'T' } },
      en: store.en,
    });
  });
});

describe('translationTreeProblem', () => {
  it('accepts nested texts and an empty namespace', () => {
    expect(translationTreeProblem({ a: 'x', b: { c: 'y', d: {} } })).toBeUndefined();
    expect(translationTreeProblem({})).toBeUndefined();
  });

  it('names the first bad key by its path', () => {
    expect(translationTreeProblem({ a: { b: { c: true } } })).toBe(
      '"a.b.c" is a boolean; expected a text or a nested object',
    );
  });
});

describe('createLimiter', () => {
  it('runs tasks in arrival order once a slot frees, never more than the limit', async () => {
    const limit = createLimiter(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      return id;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((id) => limit(task(id))))).toEqual([1, 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('hands a freed slot to the waiting task, not to one that arrives in the same tick', async () => {
    const limit = createLimiter(1);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let most = 0;
    const track = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
    };
    const first = limit(() => gate);
    const waiting = limit(track);
    // Runs right after the first task's slot is released, before the waiting task resumes.
    const latecomer = gate.then(() => limit(track));
    open();
    await Promise.all([first, waiting, latecomer]);
    expect(most).toBe(1);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limit(async () => 'next')).toBe('next');
  });
});

describe('createContentSource', () => {
  it('reads each namespace once per interval, shares one limit, and reports a failure once', async () => {
    let clock = 0;
    const probe = concurrencyProbe((url) => (url.endsWith('/pl/legal.json') ? text('oops', 404) : json(hero)), 2);
    const { fetch, urls } = probe;
    const source = createContentSource({ baseUrl: BASE, fetch, maxAgeMs: 60_000, now: () => clock });

    // Two pages built at once, in different locales: 44 reads in all, 10 at a time.
    const [first, second] = await Promise.all([
      source.load(WEBSITE_LOCALES, ['microsites', 'legal']),
      source.load(WEBSITE_LOCALES, ['microsites', 'legal']),
    ]);
    expect(urls).toHaveLength(22);
    expect(probe.most).toBe(10);
    expect(first.errors.map((error) => `${error.locale}/${error.namespace}`)).toEqual(['pl/legal']);
    expect(second.errors).toEqual([]);
    expect(second.resources.pl).toEqual({ microsites: hero });

    clock = 59_999;
    await source.load(['de'], ['microsites']);
    expect(urls).toHaveLength(22);
    // An on-demand revalidation reads again within the interval, and its answer is kept.
    await source.load(['de'], ['microsites'], { fresh: true });
    expect(urls).toHaveLength(23);
    await source.load(['de'], ['microsites']);
    expect(urls).toHaveLength(23);

    // de/microsites was read afresh at 59 999: three of the four are due again.
    clock = 60_000;
    const later = await source.load(['de', 'pl'], ['microsites', 'legal']);
    expect(urls).toHaveLength(26);
    expect(later.errors.map((error) => `${error.locale}/${error.namespace}`)).toEqual(['pl/legal']);
  });
});
