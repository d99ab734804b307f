import type { Types } from '@amplitude/analytics-browser';
import { ACTION_CLICK_ELEMENTS, TRACKED_ELEMENTS } from './constants';

/** Spec §9: repeated clicks within 20 px on the same target count once. */
export const REPEAT_CLICK_RADIUS_PX = 20;
/**
 * The spec gives no duration. A burst lasts while each click follows the previous one within 1 s,
 * Amplitude's own rage-click window (DEFAULT_RAGE_CLICK_WINDOW_MS), so a burst the SDK reports as
 * one rage click is also one element click; a click after a pause counts again.
 */
export const REPEAT_CLICK_GAP_MS = 1000;

/** The event Amplitude's autocapture sends for a click (spec §7 "element clicked"). */
export const ELEMENT_CLICKED_EVENT = '[Amplitude] Element Clicked';

export interface Click {
  /** What was clicked: the element the SDK reports for it. */
  target: unknown;
  x: number;
  y: number;
  /** Milliseconds, on any clock that only moves forward. */
  time: number;
}

/**
 * Returns a judge that says, click by click, whether a click repeats the one that counted: same
 * target, within the radius of it, and within the gap of the click before.
 */
export function createRepeatClickJudge(
  radius = REPEAT_CLICK_RADIUS_PX,
  gap = REPEAT_CLICK_GAP_MS,
): (click: Click) => boolean {
  let counted: Click | undefined;
  let previous: Click | undefined;
  return (click) => {
    const repeat =
      counted !== undefined &&
      previous !== undefined &&
      click.target === counted.target &&
      Math.hypot(click.x - counted.x, click.y - counted.y) <= radius &&
      click.time - previous.time <= gap;
    if (!repeat) counted = click;
    previous = click;
    return repeat;
  };
}

// Like autocapture: the closest tracked ancestor, else the closest action-click one, so a button
// is one target wherever inside it the pointer lands.
const TRACKED = TRACKED_ELEMENTS.join(',');
const ACTION_CLICK = ACTION_CLICK_ELEMENTS.join(',');
const clickTarget = (node: EventTarget | null): unknown =>
  node instanceof Element ? (node.closest(TRACKED) ?? node.closest(ACTION_CLICK) ?? node) : node;

const eventTypeOf = (input: Types.BaseEvent | string): string => (typeof input === 'string' ? input : input.event_type);

/**
 * Amplitude plugin: drops autocapture's element-clicked event for a repeated click. Neither the
 * SDK nor any option does this, and the event carries no click position, so the judge watches the
 * clicks itself (capturing on window, which runs before the SDK's listener on document) and the
 * client's `track` is wrapped: autocapture calls it synchronously inside the click for a direct
 * click. An action click (a div or heading that changes the page within 500 ms) is tracked later;
 * it is judged by the latest click, which is that click unless the visitor clicked again meanwhile.
 */
export function repeatClickPlugin(scope: Window): Types.EnrichmentPlugin<Types.BrowserClient, Types.BrowserConfig> {
  const judge = createRepeatClickJudge();
  let latestIsRepeat = false;
  return {
    name: 'microsites-repeat-clicks',
    type: 'enrichment',
    setup: async (_config, client) => {
      scope.addEventListener(
        'click',
        (event) => {
          latestIsRepeat = judge({
            target: clickTarget(event.target),
            x: event.clientX,
            y: event.clientY,
            time: event.timeStamp,
          });
        },
        { capture: true, passive: true },
      );
      const track = client.track.bind(client);
      client.track = (eventInput, eventProperties, eventOptions) => {
        if (latestIsRepeat && eventTypeOf(eventInput) === ELEMENT_CLICKED_EVENT) {
          return {
            promise: Promise.resolve({
              event: { event_type: ELEMENT_CLICKED_EVENT },
              code: 0,
              message: 'repeated click counted once',
            }),
          };
        }
        return track(eventInput, eventProperties, eventOptions);
      };
    },
  };
}
