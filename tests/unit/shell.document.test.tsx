// @vitest-environment jsdom
// Fast pages: the document paints the server-rendered page first and starts the app's
// scripts after it, in their original order, exactly once; a tab that paints nothing still starts them.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintFirstScripts, STARTER, turbopackChunkLists } from '@/shell/document/paintFirstScripts';
import { startScriptsAfterFirstPaint } from '@/shell/document/startScriptsAfterFirstPaint';

const SOURCES = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/build/_buildManifest.js'];

const startedScripts = () =>
  Array.from(document.head.querySelectorAll('script[src]'), (script) => [
    script.getAttribute('src'),
    (script as HTMLScriptElement).async,
  ]);

/** A stand-in for the browser's paint timing: the test reports paint entries by name. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  observed: unknown;
  disconnected = false;
  constructor(
    private readonly callback: (
      entries: { getEntriesByName: (name: string) => unknown[] },
      observer: FakePaintObserver,
    ) => void,
  ) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, this);
  }
}

const paintObserver = () => {
  const observer = FakePaintObserver.instances.at(-1);
  if (!observer) throw new Error('no paint observer was created');
  return observer;
};

function whileParsing() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  return () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
    document.dispatchEvent(new Event('DOMContentLoaded'));
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.instances = [];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'TURBOPACK');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
  document.head.innerHTML = '';
});

/** The inserts, one task each (a fake timer gives a 0 ms timeout set within a tick 1 ms). */
const insertAll = () => vi.advanceTimersByTime(SOURCES.length);

describe('startScriptsAfterFirstPaint', () => {
  it('waits for parsing and for the first contentful paint, then starts the scripts in order', () => {
    const finishParsing = whileParsing();
    startScriptsAfterFirstPaint({ chunkLists: [], sources: SOURCES });
    expect(FakePaintObserver.instances).toHaveLength(0);

    finishParsing();
    expect(paintObserver().observed).toEqual({ type: 'paint', buffered: true });
    paintObserver().report('first-paint');
    vi.advanceTimersByTime(0);
    expect(startedScripts()).toEqual([]);

    paintObserver().report('first-contentful-paint');
    expect(startedScripts()).toEqual([]);
    insertAll();
    expect(startedScripts()).toEqual(SOURCES.map((src) => [src, false]));
    expect(paintObserver().disconnected).toBe(true);
  });

  // Issue 23 item 5: inserting all of them in one task was one long task on a slow phone.
  it('inserts one script per task, in order', () => {
    startScriptsAfterFirstPaint({ chunkLists: [], sources: SOURCES });
    paintObserver().report('first-contentful-paint');
    for (let count = 1; count <= SOURCES.length; count += 1) {
      vi.advanceTimersToNextTimer();
      expect(startedScripts()).toEqual(SOURCES.slice(0, count).map((src) => [src, false]));
    }
  });

  it('starts them only once, even when the fallback timer fires later', () => {
    startScriptsAfterFirstPaint({ chunkLists: [], sources: SOURCES });
    paintObserver().report('first-contentful-paint');
    vi.advanceTimersByTime(5_000);
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });

  it('starts them after a second in a tab that paints nothing', () => {
    startScriptsAfterFirstPaint({ chunkLists: [], sources: SOURCES });
    vi.advanceTimersByTime(999);
    expect(startedScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    insertAll();
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });

  it('hands Turbopack its chunk lists at once, in order, before any script starts', () => {
    const lists = [
      { otherChunks: ['static/chunks/a.js'], runtimeModuleIds: [1] },
      { otherChunks: ['static/chunks/b.js'], runtimeModuleIds: [2] },
    ];
    (globalThis as { TURBOPACK?: unknown[] }).TURBOPACK = ['already there'];
    const finishParsing = whileParsing();
    startScriptsAfterFirstPaint({ chunkLists: lists, sources: SOURCES });
    expect((globalThis as { TURBOPACK?: unknown[] }).TURBOPACK).toEqual(['already there', ...lists]);
    expect(startedScripts()).toEqual([]);
    finishParsing();
  });

  it('without paint timing, starts them after the next frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    startScriptsAfterFirstPaint({ chunkLists: [], sources: SOURCES });
    vi.advanceTimersByTime(0);
    expect(startedScripts()).toEqual([]);

    frames.forEach((frame) => frame(0));
    insertAll();
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });
});

const turbopackPush = (list: object) =>
  `(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(${JSON.stringify(list)});`;
const LISTS = [
  { otherChunks: ['static/chunks/a.js', 'static/chunks/b.js'], runtimeModuleIds: [10783, 68146] },
  { otherChunks: ['static/chunks/c.js'], runtimeModuleIds: [10783, 41851] },
];
/** Next's inline Turbopack bootstrap, as `next build` writes it (see a page in .next/server/pages). */
const turbopackBootstrap = (lists = LISTS) => (
  <script key="turbopack" dangerouslySetInnerHTML={{ __html: lists.map(turbopackPush).join('\n') }} />
);
const startOf = (html: string) =>
  JSON.parse(
    /<script id="__paint_first_scripts" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as unknown;

describe('turbopackChunkLists', () => {
  it("reads the lists of Next's Turbopack bootstrap", () => {
    expect(turbopackChunkLists(turbopackBootstrap())).toEqual(LISTS);
  });

  it.each([
    ['another inline script', <script key="x" dangerouslySetInnerHTML={{ __html: 'self.QUEUE = [];' }} />],
    [
      'a bootstrap with one more statement',
      <script key="x" dangerouslySetInnerHTML={{ __html: `${turbopackPush(LISTS[0]!)}\nalert(1);` }} />,
    ],
    [
      'a push of something that is not JSON',
      <script
        key="x"
        dangerouslySetInnerHTML={{
          __html: '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({a: alert(1)});',
        }}
      />,
    ],
    ['an external script', <script key="x" src="/a.js" />],
    ['an empty script', <script key="x" dangerouslySetInnerHTML={{ __html: '' }} />],
    ['another element', <meta key="x" name="a" />],
  ])('leaves %s alone', (_name, element) => {
    expect(turbopackChunkLists(element)).toBeUndefined();
  });
});

describe('paintFirstScripts', () => {
  const bootstrap = <script key="bootstrap" dangerouslySetInnerHTML={{ __html: 'self.QUEUE = [];' }} />;
  const deferred = SOURCES.map((src) => <script key={src} src={src} defer />);

  it('replaces the deferred scripts and the Turbopack bootstrap with one starter after the elements that stay', () => {
    const html = renderToStaticMarkup(<>{paintFirstScripts([bootstrap, turbopackBootstrap(), ...deferred, null])}</>);
    expect(html).not.toContain('<script src=');
    expect(html).not.toContain('.push({');
    expect(startOf(html)).toEqual({ chunkLists: LISTS, sources: SOURCES });
    expect(html.indexOf('self.QUEUE = [];')).toBeLessThan(html.indexOf('__paint_first_scripts'));
    expect(html.indexOf('__paint_first_scripts')).toBeLessThan(html.indexOf(STARTER.slice(0, 30)));
  });

  // docs/performance.md, "The page in one round trip": the policy allows the starter by its hash.
  it('sends the same starter text whatever the page', () => {
    const starterOf = (elements: Array<ReactElement | null>) =>
      renderToStaticMarkup(<>{paintFirstScripts(elements)}</>)
        .split('<script>')
        .at(-1);
    const one = starterOf([turbopackBootstrap(), ...deferred]);
    const other = starterOf([
      turbopackBootstrap([LISTS[1]!]),
      <script key="z" src="/_next/static/chunks/z.js" defer />,
    ]);
    expect(one).toBe(`${STARTER}</script>`);
    expect(other).toBe(one);
  });

  it('escapes a source so it cannot close the JSON element', () => {
    const html = renderToStaticMarkup(<>{paintFirstScripts([<script key="x" src="/a.js?</script><b>" defer />])}</>);
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script\\u003e\\u003cb\\u003e');
  });

  it('leaves a list without deferred scripts as it is', () => {
    const elements = [bootstrap, <script key="sync" src="/sync.js" />];
    expect(paintFirstScripts(elements)).toEqual(elements);
  });

  it('sends a starter that runs on its own, reads its JSON element and starts the scripts', () => {
    document.head.innerHTML = renderToStaticMarkup(
      <>{paintFirstScripts([bootstrap, turbopackBootstrap(), ...deferred])}</>,
    );
    new Function(STARTER)();
    expect((globalThis as { TURBOPACK?: unknown[] }).TURBOPACK).toEqual(LISTS);
    paintObserver().report('first-contentful-paint');
    insertAll();
    expect(startedScripts()).toEqual(SOURCES.map((src) => [src, false]));
  });
});
