// Spec §4 "Campaign change" within issue 36 item 2's rule: an arrival's campaign sets the campaign
// fields and their initial_ variants once; no click id, and of the referrer its origin and domain.
import { CAMPAIGN_FIELDS, campaignIdentify, INITIAL_EMPTY_VALUE } from '@/analytics/campaign';

const HOST = 'kingscross-bagberth.co.uk';

describe('campaignIdentify', () => {
  it('an ad click from a search: the campaign and the search site, never the click id or the query', () => {
    const identify = campaignIdentify(
      '?utm_source=google&utm_medium=cpc&gclid=CLICK&email=a%40b.example',
      'https://www.google.com/search?q=luggage',
      HOST,
    );
    expect(identify?.set).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      referrer: 'https://www.google.com',
      referring_domain: 'www.google.com',
    });
    expect(identify?.unset).toEqual(['utm_campaign', 'utm_term', 'utm_content', 'utm_id']);
    expect(identify?.setOnce).toMatchObject({
      initial_utm_source: 'google',
      initial_referring_domain: 'www.google.com',
      initial_utm_campaign: INITIAL_EMPTY_VALUE,
    });
    expect(Object.keys(identify!.setOnce)).toEqual(CAMPAIGN_FIELDS.map((field) => `initial_${field}`));
    expect(JSON.stringify(identify)).not.toMatch(/CLICK|gclid|luggage|a%40b/);
  });

  it('a newsletter link without a referrer: its UTM fields alone', () => {
    expect(campaignIdentify('?utm_source=newsletter&utm_campaign=autumn', '', HOST)?.set).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'autumn',
    });
  });

  it('nothing for a page reached from this host, typed in, or with only a click id', () => {
    expect(campaignIdentify('', `https://${HOST}/cookies`, HOST)).toBeUndefined();
    expect(campaignIdentify('', '', HOST)).toBeUndefined();
    expect(campaignIdentify('?gclid=CLICK', '', HOST)).toBeUndefined();
  });
});
