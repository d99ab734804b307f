// @vitest-environment jsdom
// Fast pages: the document paints the server-rendered page first and starts the app's
// scripts after it, in their original order, exactly once; a tab that paints nothing still starts them.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paintFirstScripts } from '@/shell/document/paintFirstScripts';
import { startScriptsAfterFirstPaint } from '@/shell/document/startScriptsAfterFirstPaint';

const SOURCES = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/build/_buildManifest.js'];

const startedScripts = () => Array.from(document.head.querySelectorAll('script[src]'), (script) => [script.getAttribute('src'), (script as HTMLScriptElement).async]);

/** A stand-in for the browser's paint timing: the test reports paint entries by name. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }, observer: FakePaintObserver) => void) {
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
    startScriptsAfterFirstPaint(SOURCES);
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
    startScriptsAfterFirstPaint(SOURCES);
    paintObserver().report('first-contentful-paint');
    for (let count = 1; count <= SOURCES.length; count += 1) {
      vi.advanceTimersToNextTimer();
      expect(startedScripts()).toEqual(SOURCES.slice(0, count).map((src) => [src, false]));
    }
  });

  it('starts them only once, even when the fallback timer fires later', () => {
    startScriptsAfterFirstPaint(SOURCES);
    paintObserver().report('first-contentful-paint');
    vi.advanceTimersByTime(5_000);
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });

  it('starts them after a second in a tab that paints nothing', () => {
    startScriptsAfterFirstPaint(SOURCES);
    vi.advanceTimersByTime(999);
    expect(startedScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    insertAll();
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });

  it('without paint timing, starts them after the next frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    startScriptsAfterFirstPaint(SOURCES);
    vi.advanceTimersByTime(0);
    expect(startedScripts()).toEqual([]);

    frames.forEach((frame) => frame(0));
    insertAll();
    expect(startedScripts()).toHaveLength(SOURCES.length);
  });
});

describe('paintFirstScripts', () => {
  const bootstrap = <script key="bootstrap" dangerouslySetInnerHTML={{ __html: 'self.QUEUE = [];' }} />;
  const deferred = SOURCES.map((src) => <script key={src} src={src} defer />);

  it('replaces the deferred scripts with one starter after the elements that stay', () => {
    const html = renderToStaticMarkup(<>{paintFirstScripts([bootstrap, ...deferred, null])}</>);
    expect(html).not.toContain('<script src=');
    expect(html.indexOf('self.QUEUE = [];')).toBeLessThan(html.indexOf(JSON.stringify(SOURCES)));
    expect(html).toContain(JSON.stringify(SOURCES));
  });

  it('escapes a source so it cannot close the inline script', () => {
    const html = renderToStaticMarkup(<>{paintFirstScripts([<script key="x" src="/a.js?</script><b>" defer />])}</>);
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script\\u003e\\u003cb\\u003e');
  });

  it('leaves a list without deferred scripts as it is', () => {
    const elements = [bootstrap, <script key="sync" src="/sync.js" />];
    expect(paintFirstScripts(elements)).toEqual(elements);
  });

  it('sends a starter that runs on its own and starts the scripts', () => {
    const [, starter] = paintFirstScripts([bootstrap, ...deferred]);
    const source = (starter?.props as { dangerouslySetInnerHTML: { __html: string } }).dangerouslySetInnerHTML.__html;
    new Function(source)();
    paintObserver().report('first-contentful-paint');
    insertAll();
    expect(startedScripts()).toEqual(SOURCES.map((src) => [src, false]));
  });
});
