import operatorFile from '../../tenants/operator.json';
import type { WebsiteLocale } from '@/i18n/websiteLocales';

export interface PostalAddress {
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2; pages name the country in their own language. */
  country: string;
}

/** A period written as Intl formats units, e.g. 14 days. */
export interface Period {
  count: number;
  unit: 'day' | 'month' | 'year';
}

export const TRANSFER_SAFEGUARDS = ['dpf', 'scc'] as const;
export type TransferSafeguard = (typeof TRANSFER_SAFEGUARDS)[number];

/** What the data processing agreement with one provider says. */
interface ProcessorContract {
  entity: string;
  address: PostalAddress;
  retention: Period;
  safeguards: TransferSafeguard[];
}

/** Who runs the sites: tenants/operator.json, the one source of the facts the legal pages show. */
export interface OperatorFacts {
  legalName: string;
  address: PostalAddress;
  register: { name: string; number: string };
  vatNumber: string;
  email: string;
  phone: string;
  directors: string[];
  responsibleForContent: string;
  supervisoryAuthority: { name: string; address: PostalAddress; website: string };
  /** Present when the operator is not established in the EEA (GDPR Art. 27). */
  euRepresentative?: { name: string; address: PostalAddress; email: string };
  /** Who hosts the sites, with a phone number (France: LCEN). */
  hostingProvider: { name: string; address: PostalAddress; phone: string };
  /** null: the operator takes part in no consumer dispute resolution. */
  consumerArbitration: { name: string; website: string } | null;
  /** By website locale; `en` stands in for a missing one. */
  governingLaw: Partial<Record<WebsiteLocale, string>> & { en: string };
  serverErrorLogRetention: Period;
  /** By processor id (src/consent/processors.ts). */
  processors: Record<string, ProcessorContract>;
}

/**
 * The operator's facts. `npm run tenants:check` (before every build) and the unit tests validate
 * the file against validateOperator.ts, so the pages can trust its shape.
 */
export const OPERATOR: OperatorFacts = operatorFile as OperatorFacts;
