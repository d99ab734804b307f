import { ANONYMOUS_ID_KEY, SERVER_ZONE } from '@/analytics';
import { DATADOG_SITE_COUNTRIES } from '@/config/datadogSite';
import { publicMonitoringConfig } from '@/config/builtEnv';
import { DATA_KINDS, PROCESSOR_FIELDS, type DataKind, type FieldList } from '@/consent/processorFields';
import { PROCESSORS, type ProcessorId, type ProcessorName } from '@/consent/processors';
import { DATADOG_VISIT, STORAGE_ENTRIES, type StorageCategory, type StorageEntry } from '@/consent/storageKeys';
import type { WebsiteLocale } from '@/i18n/websiteLocales';
import {
  OPERATOR,
  type OperatorFacts,
  type PostalAddress,
  type Period,
  type TransferSafeguard,
} from '@/tenancy/operatorFacts';

/** One provider as the privacy policy describes it: code facts, and its contract from tenants/operator.json. */
export interface ProcessorFacts {
  id: ProcessorId;
  name: ProcessorName;
  category: StorageCategory;
  entity: string;
  address: PostalAddress;
  /** Where it stores the data, ISO 3166-1. */
  country: string;
  safeguards: TransferSafeguard[];
  retention: Period;
  /** The names it stores in the browser (consent/storageKeys.ts). */
  stored: string[];
  /** What it receives, kind by kind, field by field (consent/processorFields.ts). */
  fields: Array<{ kind: DataKind; names: string[] }>;
}

/** Everything the legal pages state that is not copy: props, so the browser loads no configuration. */
export interface LegalFacts {
  operator: Omit<OperatorFacts, 'processors' | 'governingLaw'> & { governingLaw: string };
  processors: ProcessorFacts[];
  /** Names this site stores itself, by purpose. */
  necessary: string[];
  ownAnalytics: string[];
  /** The cookie that holds the visitor id a request about one's data must quote. */
  visitorIdCookie: string;
  /** Shares (0 to 1) of visits Datadog records, and of those, kept as a session replay. */
  monitoring: { sessions: number; replays: number };
  datadogVisit: typeof DATADOG_VISIT;
  /** How long Datadog's cookie is kept. */
  datadogCookie: Exclude<StorageEntry['lifetime'], string>;
}

/** Amplitude's zones: the US, or its EU data centre in Frankfurt. */
const AMPLITUDE_ZONE_COUNTRIES: Record<typeof SERVER_ZONE | 'EU', string> = { US: 'US', EU: 'DE' };

/** Where each processor stores the data, from the settings its SDK is given. */
function storageCountry(id: ProcessorId): string {
  switch (id) {
    case 'amplitude':
      return AMPLITUDE_ZONE_COUNTRIES[SERVER_ZONE];
    case 'segment':
      // segmentDestination.ts sends to api.segment.io, Segment's US endpoint.
      return 'US';
    case 'datadog': {
      const country = DATADOG_SITE_COUNTRIES[publicMonitoringConfig.site];
      // The monitoring schema refuses any other site, so this is only reached by a broken list.
      if (!country) throw new Error(`No country known for the Datadog site ${publicMonitoringConfig.site}`);
      return country;
    }
  }
}

function receivedFields(id: ProcessorId): ProcessorFacts['fields'] {
  const fields: FieldList = PROCESSOR_FIELDS[id];
  return DATA_KINDS.flatMap((kind) => (fields[kind] ? [{ kind, names: [...fields[kind]] }] : []));
}

const uniqueNames = (entries: readonly StorageEntry[]) => [...new Set(entries.map((entry) => entry.name))];
const ownNames = (category: StorageCategory) =>
  uniqueNames(STORAGE_ENTRIES.filter((entry) => entry.provider === 'Bagberth' && entry.category === category));

export function legalFacts(locale: WebsiteLocale): LegalFacts {
  const { processors: contracts, governingLaw, ...operator } = OPERATOR;
  const datadogCookie = STORAGE_ENTRIES.find(
    (entry) => entry.provider === 'Datadog' && entry.kind === 'cookie',
  )?.lifetime;
  if (typeof datadogCookie !== 'object')
    throw new Error('consent/storageKeys.ts lists no Datadog cookie kept for a period');
  return {
    operator: { ...operator, governingLaw: governingLaw[locale] ?? governingLaw.en },
    processors: PROCESSORS.map(({ id, name, category }) => {
      const contract = contracts[id];
      if (!contract)
        throw new Error(`tenants/operator.json: field "processors.${id}": missing (run npm run tenants:check)`);
      return {
        id,
        name,
        category,
        ...contract,
        country: storageCountry(id),
        stored: uniqueNames(STORAGE_ENTRIES.filter((entry) => entry.provider === name)),
        fields: receivedFields(id),
      };
    }),
    necessary: ownNames('necessary'),
    ownAnalytics: ownNames('analytics'),
    visitorIdCookie: ANONYMOUS_ID_KEY,
    monitoring: {
      sessions: publicMonitoringConfig.sampleRate / 100,
      replays: publicMonitoringConfig.sessionReplaySampleRate / 100,
    },
    datadogVisit: DATADOG_VISIT,
    datadogCookie,
  };
}
