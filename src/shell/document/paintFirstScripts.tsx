import type { ReactElement } from 'react';
import { jsonForInlineScript } from '@/base/jsonForInlineScript';
import { startScriptsAfterFirstPaint } from './startScriptsAfterFirstPaint';

type ScriptProps = { src?: string; defer?: boolean };

const isDeferredScript = (element: ReactElement | null): element is ReactElement<ScriptProps> =>
  element?.type === 'script' && typeof (element.props as ScriptProps).src === 'string' && (element.props as ScriptProps).defer === true;

/**
 * Next's deferred scripts, replaced by one inline starter that loads them after the first paint.
 *
 * Deferred scripts that arrive before parsing ends (from the cache, or on a fast link) run before
 * the first paint, so the server-rendered page stays blank while the app evaluates. The page's
 * content, links and call to action are server-rendered and work without JavaScript, so the page
 * paints first and the app follows. Other elements (Next's inline bootstrap) stay in their place.
 */
export function paintFirstScripts(elements: ReadonlyArray<ReactElement | null>): Array<ReactElement | null> {
  const sources = elements.filter(isDeferredScript).map((script) => script.props.src as string);
  if (sources.length === 0) return [...elements];
  const starter = `(${startScriptsAfterFirstPaint.toString()})(${jsonForInlineScript(sources)})`;
  return [
    ...elements.filter((element) => !isDeferredScript(element)),
    <script key="start-scripts-after-first-paint" dangerouslySetInnerHTML={{ __html: starter }} />,
  ];
}
