import { CAMPAIGN_PARAMETERS, sharedSearch } from '@/consent/pageAddress';
import { sharedReferrer } from '@/consent/sharedPayload';

/**
 * Spec §4 "Campaign change", within the rule of src/consent/pageAddress.ts: an arrival from a
 * campaign or another site sets the campaign's fields and, once per visitor, their initial_
 * variants. Amplitude's own attribution would also keep click ids and the whole referring address
 * in a cookie for a year, which nothing lets it leave out, so it is off (amplitudeDestination.ts)
 * and this takes its place: the UTM parameters, and the referrer's origin and domain only.
 */
export const CAMPAIGN_FIELDS = [...CAMPAIGN_PARAMETERS, 'referrer', 'referring_domain'] as const;
type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/** What Amplitude's attribution writes for a field the first campaign lacked (its `initialEmptyValue`). */
export const INITIAL_EMPTY_VALUE = 'EMPTY';

export interface CampaignIdentify {
  set: Partial<Record<CampaignField, string>>;
  /** A new campaign replaces the last one whole: its missing fields are cleared. */
  unset: CampaignField[];
  setOnce: Record<`initial_${CampaignField}`, string>;
}

/** The identify of an arrival, or none for a visit from this site or typed in without a campaign. */
export function campaignIdentify(search: string, referrer: string, ownHost: string): CampaignIdentify | undefined {
  const set: Partial<Record<CampaignField, string>> = {};
  new URLSearchParams(sharedSearch(search, 'analytics')).forEach((value, key) => {
    set[key as CampaignField] = value;
  });
  const origin = sharedReferrer(referrer);
  const domain = origin && new URL(origin).hostname;
  if (domain && domain !== ownHost) Object.assign(set, { referrer: origin, referring_domain: domain });
  if (Object.keys(set).length === 0) return undefined;
  return {
    set,
    unset: CAMPAIGN_FIELDS.filter((field) => !(field in set)),
    setOnce: Object.fromEntries(
      CAMPAIGN_FIELDS.map((field) => [`initial_${field}`, set[field] ?? INITIAL_EMPTY_VALUE]),
    ) as CampaignIdentify['setOnce'],
  };
}
