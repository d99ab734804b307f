import { quietStep } from './importAndStart';

/**
 * Lays out what each closed `<details>` holds, one in each quiet moment. A browser leaves that
 * content unlaid until something reads its layout, and Datadog's replay recorder reads every
 * element's scroll position in the one task of its first full snapshot: a first visit to an
 * English page with the eleven-language switcher laid out the language list there, 19–30 ms at 4×
 * CPU, and each closed answer of the FAQ 1–2 ms more
 * (docs/performance.md, "Fourth pass: what the snapshot lays out"). Done first, in pieces, that
 * layout is no longer in the recorder's task.
 */
export async function warmClosedDetails(root: ParentNode | undefined = globalThis.document): Promise<void> {
  for (const details of root?.querySelectorAll('details:not([open])') ?? [])
    await quietStep('warm closed details', () => {
      // Any layout read inside lays out the whole closed content.
      void details.lastElementChild?.scrollTop;
    });
}
