// Issue 21 item 5: the operator's facts (tenants/operator.json), one source for the imprint, the
// privacy policy and the terms. A marketer's mistake names the file and the field, at
// `npm run tenants:check` and before every build (build.inputChecks.test.ts).
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { EEA_COUNTRIES } from '@/tenancy/consentRegime';
import { PROCESSORS } from '@/consent/processors';
import { formatProblem } from '@/tenancy/types';
import { validateOperator } from '@/tenancy/validateOperator';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const REAL = readJson('tenants/operator.json') as Record<string, unknown>;
const SCHEMA = readJson('tenants/operator.schema.json');
const options = { processorIds: PROCESSORS.map((processor) => processor.id), eeaCountries: EEA_COUNTRIES };
const problems = (file: unknown) => validateOperator(file, options).map(formatProblem);

/** The real file with one change: a value at a dotted path, or `undefined` to remove it. */
function edited(path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(REAL);
  const parts = path.split('.');
  const parent = parts
    .slice(0, -1)
    .reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, copy);
  const last = parts.at(-1)!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

const schemaAccepts = new Ajv({ allErrors: true, strict: false }).compile(SCHEMA);

describe('the real operator facts', () => {
  it('pass validation and the schema', () => {
    expect(problems(REAL)).toEqual([]);
    expect(schemaAccepts(REAL), JSON.stringify(schemaAccepts.errors)).toBe(true);
  });

  it('write the VAT number in groups: Amplitude masks nine digits in a row as a US social security number', () => {
    expect(REAL.vatNumber).not.toMatch(/\d{9}/);
  });
});

describe('validateOperator names the file and the field', () => {
  it.each([
    ['a missing legal name', 'legalName', undefined, 'field "legalName": missing'],
    ['an empty legal name', 'legalName', ' ', 'field "legalName": " " must be text'],
    ['a missing postcode', 'address.postcode', undefined, 'field "address.postcode": undefined must be text'],
    [
      'a country name for a code',
      'address.country',
      'United Kingdom',
      'field "address.country": "United Kingdom" is not an ISO 3166-1 country code',
    ],
    ['an unknown address field', 'address.county', 'Greater London', 'field "address.county": unknown field'],
    [
      'a company number in words',
      'register.number',
      'twelve',
      'field "register.number": "twelve" is not a company number',
    ],
    [
      'a VAT number in one run of digits',
      'vatNumber',
      'GB318294756',
      'field "vatNumber": "GB318294756" must be the country prefix, then groups of at most five',
    ],
    ['a VAT number with a nine-digit group', 'vatNumber', 'GB 318294756', 'field "vatNumber"'],
    ['an email without a domain', 'email', 'support@', 'field "email": "support@" is not an email address'],
    [
      'a phone number in national format',
      'phone',
      '020 7946 0321',
      'field "phone": "020 7946 0321" must be in international format',
    ],
    ['no directors', 'directors', [], 'field "directors": must list one or more names'],
    ['an empty director', 'directors', ['Eleanor Hart', ''], 'field "directors[1]": "" must be text'],
    ['no one responsible for content', 'responsibleForContent', undefined, 'field "responsibleForContent": missing'],
    [
      'an authority website over http',
      'supervisoryAuthority.website',
      'http://ico.org.uk',
      'field "supervisoryAuthority.website": "http://ico.org.uk" is not an https:// address',
    ],
    [
      'an authority without an address',
      'supervisoryAuthority.address',
      undefined,
      'field "supervisoryAuthority.address": must be an object',
    ],
    [
      'a UK operator without an EU representative',
      'euRepresentative',
      undefined,
      'field "euRepresentative": missing: an operator in GB, outside the EEA, must name its representative in the EU (GDPR Art. 27)',
    ],
    ['no hosting provider', 'hostingProvider', undefined, 'field "hostingProvider": missing'],
    [
      'a hosting provider without a phone',
      'hostingProvider.phone',
      undefined,
      'field "hostingProvider.phone": undefined must be in international format',
    ],
    [
      'a representative without an email',
      'euRepresentative.email',
      'none',
      'field "euRepresentative.email": "none" is not an email address',
    ],
    [
      'an arbitration board without a website',
      'consumerArbitration',
      { name: 'Universalschlichtungsstelle des Bundes' },
      'field "consumerArbitration.website"',
    ],
    ['no governing law in English', 'governingLaw.en', undefined, 'field "governingLaw.en": missing'],
    [
      'a governing law in a language the site lacks',
      'governingLaw.nl',
      'Engeland en Wales',
      'field "governingLaw.nl": is not one of the website locales',
    ],
    [
      'a retention in weeks',
      'serverErrorLogRetention.unit',
      'week',
      'field "serverErrorLogRetention.unit": "week" must be one of day, month, year',
    ],
    [
      'a retention of no days',
      'serverErrorLogRetention.count',
      0,
      'field "serverErrorLogRetention.count": 0 must be a whole number from 1',
    ],
    [
      'a processor the code loads but the file lacks',
      'processors.datadog',
      undefined,
      'field "processors.datadog": missing: the site loads this provider',
    ],
    [
      'a processor the code does not load',
      'processors.hotjar',
      REAL.processors && (REAL.processors as Record<string, unknown>).amplitude,
      'field "processors.hotjar": unknown field',
    ],
    [
      'a processor without a safeguard',
      'processors.segment.safeguards',
      [],
      'field "processors.segment.safeguards": [] must list one or more of dpf, scc',
    ],
    [
      'a safeguard the policy cannot name',
      'processors.segment.safeguards',
      ['bcr'],
      'field "processors.segment.safeguards[0]": "bcr" must be one of dpf, scc',
    ],
    [
      'a processor address in a made-up country',
      'processors.amplitude.address.country',
      'USA',
      'field "processors.amplitude.address.country": "USA" is not an ISO 3166-1 country code',
    ],
    ['a field the pages do not know', 'website', 'https://bagberth.com', 'field "website": unknown field'],
  ])('%s', (_name, path, value, message) => {
    const file = edited(path, value);
    const found = problems(file);
    expect(found.join('\n')).toContain(`tenants/operator.json: ${message}`);
    // The schema editors show says the same, so a marketer sees the mistake while typing too.
    expect(schemaAccepts(file), `${path} passes the schema`).toBe(false);
  });

  it('knows the country codes, which the schema only checks for shape', () => {
    expect(problems(edited('address.country', 'XY'))).toEqual([
      'tenants/operator.json: field "address.country": "XY" is not an ISO 3166-1 country code like "GB"',
    ]);
  });

  it('needs no EU representative for an operator in the EEA', () => {
    const inDublin = edited('address', {
      street: '3 North Wall Quay',
      postcode: 'D01 C4E0',
      city: 'Dublin',
      country: 'IE',
    });
    delete inDublin.euRepresentative;
    expect(problems(inDublin)).toEqual([]);
    expect(schemaAccepts(inDublin)).toBe(true);
  });

  it('accepts an arbitration board with its website', () => {
    expect(
      problems(
        edited('consumerArbitration', {
          name: 'Universalschlichtungsstelle des Bundes',
          website: 'https://www.universalschlichtungsstelle.de',
        }),
      ),
    ).toEqual([]);
  });

  it('reports every problem at once, not only the first', () => {
    expect(problems({ ...REAL, email: 'x', phone: 'y' })).toHaveLength(2);
  });

  it('names a file that is not an object', () =>
    expect(problems([])).toEqual(['tenants/operator.json: field "(file)": must be an object']));
});
