// Issue 36 item 2 (docs/consent.md, "What travels with a page view"): one rule for what of a page's
// address reaches each processor, the stores and the booking link.
import fc from 'fast-check';
import { bookingParameters, CAMPAIGN_PARAMETERS, CLICK_ID_PARAMETERS, sharedSearch } from '@/consent/pageAddress';
import { sharedPayload, sharedReferrer, sharedUrl } from '@/consent/sharedPayload';

const ORIGIN = 'https://kingscross-bagberth.co.uk';
const LANDING =
  '?gclid=CLICK&utm_source=news&utm_campaign=autumn&email=traveller%40example.com&fbclid=FB&q=left+luggage';

describe('sharedSearch', () => {
  it.each([
    [LANDING, 'analytics', '?utm_source=news&utm_campaign=autumn'],
    [LANDING, 'monitoring', ''],
    ['utm_medium=cpc', 'analytics', '?utm_medium=cpc'],
    ['?utm_term=traveller%40example.com&utm_id=7', 'analytics', '?utm_id=7'],
    ['?utm_source=', 'analytics', ''],
    ['?UTM_SOURCE=x&utm_sourcex=y&utm_other=z', 'analytics', ''],
    ['', 'analytics', ''],
  ] as const)('%j for %s: %j', (search, audience, expected) => {
    expect(sharedSearch(search, audience)).toBe(expected);
  });

  it('keeps every campaign parameter and nothing else, whatever else the query holds', () => {
    const key = fc.oneof(
      fc.constantFrom(...CAMPAIGN_PARAMETERS, ...CLICK_ID_PARAMETERS, 'email', 'q'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ maxLength: 12 }))), (pairs) => {
        const kept = new URLSearchParams(sharedSearch(new URLSearchParams(pairs).toString(), 'analytics'));
        const expected = pairs.filter(
          ([name, value]) =>
            (CAMPAIGN_PARAMETERS as readonly string[]).includes(name) && value !== '' && !value.includes('@'),
        );
        expect([...kept]).toEqual(expected);
      }),
    );
  });
});

describe('sharedUrl and sharedReferrer', () => {
  it.each([
    [`${ORIGIN}/de${LANDING}#newsletter`, 'analytics', `${ORIGIN}/de?utm_source=news&utm_campaign=autumn`],
    [`${ORIGIN}/de${LANDING}#newsletter`, 'monitoring', `${ORIGIN}/de`],
    [`/?gclid=CLICK&utm_source=news`, 'analytics', `${ORIGIN}/?utm_source=news`],
    [
      'https://app.bagberth.com/search?place=x&gclid=CLICK&utm_source=news',
      'analytics',
      'https://app.bagberth.com/search',
    ],
    ['http://[bad', 'analytics', ''],
  ] as const)('%j for %s: %j', (url, audience, expected) => {
    expect(sharedUrl(url, ORIGIN, audience)).toBe(expected);
  });

  it.each([
    ['https://www.google.com/search?q=left+luggage+traveller', 'https://www.google.com'],
    ['https://mail.example:8443/inbox/123#m', 'https://mail.example:8443'],
    ['android-app://com.google.android.gm/', ''],
    ['http://insecure.example/page?q=x', 'http://insecure.example'],
    ['', ''],
    ['not a url', ''],
  ])('the referrer %j: %j', (referrer, expected) => {
    expect(sharedReferrer(referrer)).toBe(expected);
  });
});

describe('bookingParameters', () => {
  it('carries the campaign and the click ids only with analytics consent, never an e-mail address', () => {
    expect(bookingParameters(LANDING, true)).toEqual([
      ['gclid', 'CLICK'],
      ['utm_source', 'news'],
      ['utm_campaign', 'autumn'],
      ['fbclid', 'FB'],
    ]);
    expect(bookingParameters(LANDING, false)).toEqual([]);
    expect(bookingParameters('?msclkid=M&utm_content=a%40b.example', true)).toEqual([['msclkid', 'M']]);
  });
});

describe('sharedPayload', () => {
  it("leaves click ids out, keeps a referrer's origin, reduces every address in any text", () => {
    const amplitudePageView = {
      '[Amplitude] Page Location': `${ORIGIN}/${LANDING}`,
      '[Amplitude] Page URL': `${ORIGIN}/`,
      '[Amplitude] Element Href': 'https://app.bagberth.com/search?gclid=CLICK',
      gclid: 'CLICK',
      initial_fbclid: 'FB',
      referrer: 'https://www.google.com/search?q=left+luggage',
      initial_referrer: 'https://www.google.com/search?q=left+luggage',
      referring_domain: 'www.google.com',
      utm_source: 'news',
      nested: [{ search: LANDING, note: `see ${ORIGIN}/de${LANDING} or /x?gclid=CLICK` }],
      count: 3,
      none: null,
    };
    expect(sharedPayload(amplitudePageView, ORIGIN, 'analytics')).toEqual({
      '[Amplitude] Page Location': `${ORIGIN}/?utm_source=news&utm_campaign=autumn`,
      '[Amplitude] Page URL': `${ORIGIN}/`,
      '[Amplitude] Element Href': 'https://app.bagberth.com/search',
      referrer: 'https://www.google.com',
      initial_referrer: 'https://www.google.com',
      referring_domain: 'www.google.com',
      utm_source: 'news',
      nested: [
        {
          search: '?utm_source=news&utm_campaign=autumn',
          note: `see ${ORIGIN}/de?utm_source=news&utm_campaign=autumn or /x?gclid=CLICK`,
        },
      ],
      count: 3,
      none: null,
    });
  });

  it('a path with a query as a whole field is reduced too', () => {
    expect(sharedPayload({ path: '/de?gclid=CLICK&utm_source=news' }, ORIGIN, 'analytics')).toEqual({
      path: '/de?utm_source=news',
    });
    expect(sharedPayload('/de#top', ORIGIN, 'monitoring')).toBe('/de');
  });

  it.each([
    ['//cdn.example/a.js?gclid=CLICK#x', 'https://cdn.example/a.js'],
    ['/de/?utm_source=news#top', '/de/?utm_source=news'],
    ['/de/ plain', '/de/ plain'],
    ['(see http://elsewhere.example/p?gclid=CLICK)', '(see http://elsewhere.example/p)'],
    [
      '"https://elsewhere.example/p?gclid=CLICK" and <https://other.example/q?fbclid=FB>',
      '"https://elsewhere.example/p" and <https://other.example/q>',
    ],
    [
      "'https://a.example/p?x=1' [https://b.example/q?y=2] {https://c.example/r?z=3}",
      "'https://a.example/p' [https://b.example/q] {https://c.example/r}",
    ],
    ['at https://a.example/p?x=1\tthen', 'at https://a.example/p\tthen'],
    ['ftp://files.example/p?x=1', 'ftp://files.example/p?x=1'],
  ])('the text %j: %j', (text, expected) => {
    expect(sharedPayload(text, ORIGIN, 'analytics')).toBe(expected);
  });

  it('reduces a referrer under any spelling of its name, and nothing that only starts like one', () => {
    const search = 'https://www.google.com/search?q=x';
    expect(
      sharedPayload(
        {
          referer: search,
          Referrer: search,
          page_referrer: search,
          initial_referrer: search,
          referrerPolicy: 'strict-origin',
        },
        ORIGIN,
        'analytics',
      ),
    ).toEqual({
      referer: 'https://www.google.com',
      Referrer: 'https://www.google.com',
      page_referrer: 'https://www.google.com',
      initial_referrer: 'https://www.google.com',
      referrerPolicy: 'strict-origin',
    });
  });

  it('drops a click id under its own name or as an initial_ value, and no other name that merely contains one', () => {
    expect(
      sharedPayload(
        { gclid: 'C', initial_gclid: 'C', gclinitial_id: 'kept', my_initial_gclid: 'kept' },
        ORIGIN,
        'analytics',
      ),
    ).toEqual({ gclinitial_id: 'kept', my_initial_gclid: 'kept' });
  });

  it('takes a referrer or search that is not text as any other value', () => {
    expect(
      sharedPayload({ referrer: null, search: 5, initial_search: ['?gclid=C&utm_source=news'] }, ORIGIN, 'analytics'),
    ).toEqual({ referrer: null, search: 5, initial_search: ['?gclid=C&utm_source=news'] });
    expect(
      sharedPayload({ search: '?gclid=C&utm_source=news', initial_search: '?utm_id=7' }, ORIGIN, 'monitoring'),
    ).toEqual({ search: '', initial_search: '' });
  });

  it('no generated payload keeps a click id or an e-mail address', () => {
    const secret = fc.constantFrom('CLICKID', 'traveller@example.com');
    // A click id or an e-mail address under any name but a campaign's; an e-mail address under a campaign's too.
    const parameter = fc.oneof(
      fc.tuple(fc.constantFrom(...CLICK_ID_PARAMETERS, 'email'), secret),
      fc.tuple(fc.constantFrom(...CAMPAIGN_PARAMETERS), fc.constant('traveller@example.com')),
    );
    const url = fc
      .tuple(fc.constantFrom(ORIGIN, 'https://elsewhere.example'), parameter)
      .map(([origin, [key, value]]) => `${origin}/p?${key}=${encodeURIComponent(value)}#${value}`);
    const payload = fc.dictionary(
      fc.oneof(fc.constantFrom(...CLICK_ID_PARAMETERS, 'referrer', 'search', 'url'), fc.string({ maxLength: 6 })),
      fc.oneof(
        url,
        url.map((text) => `at ${text} now`),
      ),
    );
    fc.assert(
      fc.property(
        payload,
        fc.constantFrom('analytics', 'monitoring') as fc.Arbitrary<'analytics' | 'monitoring'>,
        (value, audience) => {
          const text = JSON.stringify(sharedPayload(value, ORIGIN, audience));
          expect(text).not.toMatch(/CLICKID|traveller/);
        },
      ),
    );
  });
});
