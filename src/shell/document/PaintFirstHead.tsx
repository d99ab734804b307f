import { Head } from 'next/document';
import { paintFirstScripts } from './paintFirstScripts';

type DocumentFiles = Parameters<Head['getScripts']>[0];

// `next dev` hides the page until its scripts run, so there is no first paint to wait for.
const paintFirst = process.env.NODE_ENV === 'production' ? paintFirstScripts : <T,>(elements: T) => elements;

/** Next's document head, with the app's scripts started after the page's first paint (see paintFirstScripts). */
export class PaintFirstHead extends Head {
  override getDynamicChunks(files: DocumentFiles) {
    return paintFirst(super.getDynamicChunks(files));
  }

  override getScripts(files: DocumentFiles) {
    return paintFirst(super.getScripts(files)) as ReturnType<Head['getScripts']>;
  }
}
