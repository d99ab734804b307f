import type { ReactElement } from 'react';
import { jsonForInlineScript } from '@/base/jsonForInlineScript';
import { startScriptsAfterFirstPaint, type ScriptStart } from './startScriptsAfterFirstPaint';

type ScriptProps = { src?: string; defer?: boolean; dangerouslySetInnerHTML?: { __html?: unknown } };

const isScript = (element: ReactElement | null): element is ReactElement<ScriptProps> => element?.type === 'script';

const isDeferredScript = (element: ReactElement | null): element is ReactElement<ScriptProps> =>
  isScript(element) && typeof element.props.src === 'string' && element.props.defer === true;

/** One statement of Next's inline Turbopack bootstrap: `(globalThis["TURBOPACK"] || …).push({…});`. */
const TURBOPACK_PUSH = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\((\{.*\})\);$/;

/** The chunk lists of an inline script made only of Turbopack's push statements; undefined for any other script. */
export function turbopackChunkLists(element: ReactElement | null): unknown[] | undefined {
  if (!isScript(element) || element.props.src !== undefined) return undefined;
  const text = element.props.dangerouslySetInnerHTML?.__html;
  if (typeof text !== 'string') return undefined;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const lists: unknown[] = [];
  for (const line of lines) {
    const json = TURBOPACK_PUSH.exec(line.trim())?.[1];
    if (json === undefined) return undefined;
    try {
      lists.push(JSON.parse(json));
    } catch {
      return undefined;
    }
  }
  return lists.length > 0 ? lists : undefined;
}

const START_ELEMENT_ID = '__paint_first_scripts';

/**
 * The starter's text, the same on every page: the page's own lists travel in a JSON element, so
 * the security policy allows one hash for all of them instead of two per kind of page, and its
 * header stays small enough for the page to arrive in one round trip (docs/performance.md).
 */
export const STARTER = `(${startScriptsAfterFirstPaint.toString()})(JSON.parse(document.getElementById(${JSON.stringify(START_ELEMENT_ID)}).textContent))`;

/**
 * Next's deferred scripts and its inline Turbopack bootstrap, replaced by one inline starter that
 * hands Turbopack its chunk lists at once and loads the scripts after the first paint.
 *
 * Deferred scripts that arrive before parsing ends (from the cache, or on a fast link) run before
 * the first paint, so the server-rendered page stays blank while the app evaluates. The page's
 * content, links and call to action are server-rendered and work without JavaScript, so the page
 * paints first and the app follows. Any other element stays in its place.
 */
export function paintFirstScripts(elements: ReadonlyArray<ReactElement | null>): Array<ReactElement | null> {
  const sources = elements.filter(isDeferredScript).map((script) => script.props.src as string);
  if (sources.length === 0) return [...elements];
  const chunkLists = elements.map(turbopackChunkLists);
  const start: ScriptStart = { chunkLists: chunkLists.flatMap((lists) => lists ?? []), sources };
  return [
    ...elements.filter((element, index) => !isDeferredScript(element) && chunkLists[index] === undefined),
    <script
      key="paint-first-scripts"
      id={START_ELEMENT_ID}
      type="application/json"
      dangerouslySetInnerHTML={{ __html: jsonForInlineScript(start) }}
    />,
    <script key="start-scripts-after-first-paint" dangerouslySetInnerHTML={{ __html: STARTER }} />,
  ];
}
