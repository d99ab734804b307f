// @vitest-environment jsdom
// Spec §9 (Capture): repeated clicks within 20 px on the same target count once. The spec gives
// no duration; the burst lasts while clicks follow within 1 s (src/analytics/repeatClicks.ts).
import type { Types } from '@amplitude/analytics-browser';
import {
  createRepeatClickJudge,
  ELEMENT_CLICKED_EVENT,
  REPEAT_CLICK_GAP_MS,
  REPEAT_CLICK_RADIUS_PX,
  repeatClickPlugin,
} from '@/analytics/repeatClicks';

describe('the repeat-click judge', () => {
  const a = {};
  const b = {};

  it('counts a click again only off the target, beyond 20 px of the counted click, or after a 1 s pause', () => {
    const judge = createRepeatClickJudge();
    expect(REPEAT_CLICK_RADIUS_PX).toBe(20);
    expect(judge({ target: a, x: 100, y: 100, time: 0 })).toBe(false);
    expect(judge({ target: a, x: 112, y: 116, time: 200 })).toBe(true); // 20 px exactly
    expect(judge({ target: a, x: 100, y: 100, time: 200 + REPEAT_CLICK_GAP_MS })).toBe(true); // each repeat keeps the burst going
    expect(judge({ target: a, x: 121, y: 100, time: 1300 })).toBe(false); // 21 px from the counted click
    expect(judge({ target: b, x: 121, y: 100, time: 1400 })).toBe(false); // another target
    expect(judge({ target: b, x: 121, y: 100, time: 1401 + REPEAT_CLICK_GAP_MS })).toBe(false); // after a pause
  });

  it('measures the distance from the click that counted, so a drifting burst counts again', () => {
    const judge = createRepeatClickJudge();
    judge({ target: a, x: 0, y: 0, time: 0 });
    expect(judge({ target: a, x: 15, y: 0, time: 100 })).toBe(true);
    expect(judge({ target: a, x: 30, y: 0, time: 200 })).toBe(false);
  });
});

describe('the Amplitude plugin', () => {
  /** Autocapture's own listener: on document, capturing, calling the client's track in the click. */
  async function setUp() {
    document.body.innerHTML = '<button id="one"><span>Book</span></button><button id="two">Other</button>';
    const sent: string[] = [];
    const client = {
      track: (input: string) => {
        sent.push(input);
        return { promise: Promise.resolve({ event: { event_type: input }, code: 200, message: 'ok' }) };
      },
    };
    const plugin = repeatClickPlugin(window);
    await plugin.setup?.({} as Types.BrowserConfig, client as unknown as Types.BrowserClient);
    const autocapture = () => void client.track(ELEMENT_CLICKED_EVENT);
    document.addEventListener('click', autocapture, { capture: true });
    const click = (selector: string, x: number, y: number) =>
      document
        .querySelector(selector)
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
    return {
      sent,
      client,
      click,
      cleanUp: () => document.removeEventListener('click', autocapture, { capture: true }),
    };
  }

  it('drops the element-clicked event of a repeated click and keeps the others', async () => {
    const { sent, client, click, cleanUp } = await setUp();
    click('#one', 10, 10);
    click('#one span', 14, 12); // inside the same button, 4.5 px away
    click('#one', 40, 10); // 30 px away
    click('#two', 40, 10); // another target
    void client.track('Book Storage Clicked');
    expect(sent).toEqual([ELEMENT_CLICKED_EVENT, ELEMENT_CLICKED_EVENT, ELEMENT_CLICKED_EVENT, 'Book Storage Clicked']);
    cleanUp();
  });

  it('never drops other events, even during a repeated click', async () => {
    const { sent, client, click, cleanUp } = await setUp();
    click('#one', 10, 10);
    click('#one', 10, 10);
    void client.track('[Amplitude] Element Changed');
    expect(sent).toEqual([ELEMENT_CLICKED_EVENT, '[Amplitude] Element Changed']);
    cleanUp();
  });
});
