import type { ConsentCategory } from './record';
import type { StorageProvider } from './storageKeys';

/** A provider that is not this site. */
export type ProcessorName = Exclude<StorageProvider, 'Bagberth'>;

/** A provider whose SDK the pages load, as the privacy policy names it. */
export interface Processor {
  /** Key of its contract in tenants/operator.json and of its copy under `privacy.processors` (locales/). */
  id: string;
  name: ProcessorName;
  /** The consent category that loads it (consent/record.ts). */
  category: ConsentCategory;
}

/**
 * Every processor the consent layer can load, one per provider of STORAGE_ENTRIES (storageKeys.ts):
 * the privacy policy names each, with what it receives and the names it stores
 * (tests/unit/legal.policy.test.ts fails when the two disagree).
 */
export const PROCESSORS = [
  { id: 'amplitude', name: 'Amplitude', category: 'analytics' },
  { id: 'segment', name: 'Segment', category: 'analytics' },
  { id: 'datadog', name: 'Datadog', category: 'monitoring' },
] as const satisfies readonly Processor[];

export type ProcessorId = (typeof PROCESSORS)[number]['id'];
