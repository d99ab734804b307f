// @vitest-environment jsdom
// What closed disclosures hold is laid out before Datadog's replay recorder reads every element's
// scroll position in one task (docs/performance.md, "Fourth pass: what the snapshot lays out"):
// one layout read inside each closed <details>, each in a quiet moment of its own, none in an open one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmClosedDetails } from '@/base/warmClosedDetails';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('warmClosedDetails', () => {
  it('reads the layout of each closed details’ content once, one per quiet step, and leaves open ones alone', async () => {
    document.body.innerHTML = `
      <details id="languages"><summary>English</summary><ul><li>Deutsch</li><li>日本語</li></ul></details>
      <details id="open" open><summary>Open question</summary><p>Shown already</p></details>
      <details id="faq"><summary>Question</summary><p>Answer</p></details>`;
    const reads: string[] = [];
    for (const element of document.querySelectorAll('details > *'))
      Object.defineProperty(element, 'scrollTop', {
        get: () => {
          reads.push(`${element.parentElement!.id} ${element.tagName.toLowerCase()}`);
          return 0;
        },
      });
    const marks = vi.spyOn(performance, 'mark');

    await warmClosedDetails();

    expect(reads).toEqual(['languages ul', 'faq p']);
    expect(marks.mock.calls.map(([name]) => name)).toEqual(['step: warm closed details', 'step: warm closed details']);
  });
});
