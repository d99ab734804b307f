// The fields of the tenant files, described once: validateTenants.ts and validateOperator.ts parse
// with these schemas, and `npm run tenants:schemas` (scripts/tenant-schemas.ts) writes them out as
// the JSON Schemas editors check the files with (tenants/*.schema.json). Each schema's error map
// writes what the tenant check says of a mistake in its field.
import { z } from 'zod';
import { WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { TRANSFER_SAFEGUARDS } from './operatorFacts';
import { PHRASE_LOCALES } from './placePhrases';
import { PLACE_KINDS, TENANT_TYPES, type JsonPath } from './types';

const show = (value: unknown) => JSON.stringify(value) ?? String(value);
type Issue = z.core.$ZodRawIssue;

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PAGE_PATH = new RegExp(`^/${KEBAB_CASE.source.slice(1, -1)}/(${TENANT_TYPES.join('|')})$`);
/** Groups of at most five: a run of nine digits is masked by analytics tools as a US social security number. */
const VAT_NUMBER = /^[A-Z]{2}( [0-9A-Z]{1,5})+$/;
const COMPANY_NUMBER = /^[0-9A-Z][0-9A-Z /.-]*$/;
const PHONE = /^\+[1-9][0-9]{0,3}( [0-9]{1,6})+$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/;
const WEBSITE = /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;
const PERIOD_UNITS = ['day', 'month', 'year'] as const;

/**
 * One message for every mistake in a field, its type's and its checks' alike (a check without a
 * map of its own uses its schema's): the value as written, then what the field takes.
 */
const says = (what: string) => ({ error: (issue: Issue) => `${show(issue.input)} ${what}` });
// A value of the wrong shape is one mistake: the checks after the pattern do not run on it.
const matching = (pattern: RegExp, what: string) => z.string(says(what)).regex(pattern, { abort: true });
const text = (example: string, missing?: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined && missing ? missing : `${show(issue.input)} must be text, like ${show(example)}`,
    })
    .regex(/\S/);
const oneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  what = `must be one of ${values.join(', ')}`,
) => z.enum(values, says(what));

/** The named fields and no others; a key it does not name is a field of its own, reported unknown. */
function fields<S extends z.core.$ZodLooseShape>(
  shape: S,
  messages: { unknown?: string; notObject?: string; missing?: string } = {},
) {
  const allowed = Object.keys(shape).filter((key) => !key.startsWith('$'));
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys')
        return messages.unknown ?? `unknown field; allowed: ${allowed.join(', ')}`;
      return (issue.input === undefined && messages.missing) || (messages.notObject ?? 'must be an object');
    },
  });
}

/** Texts by locale, each key a locale of `locales`; `en` is required when `en` is given. */
function byLocale(
  locales: readonly string[],
  each: z.ZodType,
  messages: { unknown: string; notObject?: string },
  en: z.ZodType = each.optional(),
) {
  return fields(
    Object.fromEntries(locales.map((locale) => [locale, locale === 'en' ? en : each.optional()])),
    messages,
  );
}

/** A list whose checks run whatever its items are: each mistake of one list is reported at once. */
const ofList = { when: ({ value }: { value: unknown }) => Array.isArray(value) };

/** A list naming each item once (JSON Schema's uniqueItems, which zod has no check for). */
const eachOnce = <T extends z.ZodArray<z.ZodType<string>>>(list: T, repeated: (item: string) => string) =>
  list
    .check(
      z.superRefine((items: string[], context) => {
        items.forEach((item, index) => {
          if (items.indexOf(item) !== index)
            context.addIssue({ code: 'custom', message: repeated(item), path: [index] });
        });
      }, ofList),
    )
    .meta({ uniqueItems: true });

export const DOMAIN_ENTRY = fields({
  $comment: z.string().optional(),
  domain: matching(
    HOST_NAME,
    'is not a lower-case host name (like "prague-bagberth.cz", no port or trailing dot)',
  ).meta({
    description: 'The branded host, lower case, no port, no trailing dot.',
  }),
  type: oneOf(TENANT_TYPES, `must be ${TENANT_TYPES.map(show).join(' or ')}`).meta({
    description: 'poi: a station, airport or landmark; city: a whole city.',
  }),
  slug: matching(KEBAB_CASE, 'is not kebab-case (like "kings-cross-station")').meta({
    description: 'Kebab-case place id; must have an entry in places.json.',
  }),
  // No message of its own: validateTenants.ts names the one path this entry's slug and type make.
  path: z.string().regex(PAGE_PATH).meta({ description: 'Exactly /{slug}/{type}.' }),
  locales: eachOnce(
    z.array(oneOf(WEBSITE_LOCALES, `is not one of the website locales (${WEBSITE_LOCALES.join(', ')})`), {
      error: () => 'must be a list of locale codes that includes "en"',
    }),
    (locale) => `${show(locale)} is repeated`,
  )
    .refine((locales) => locales.includes('en'), { ...ofList, error: 'must include "en": English is on every site' })
    .meta({
      contains: { const: 'en' },
      description: 'Languages this host offers. Must include en. Hosts sharing a path must list the same locales.',
    }),
  canonical: z
    .boolean(says('must be true or false'))
    .meta({
      description:
        'For alias hosts sharing a path: true makes this host the one search engines index. Default: the first entry for the path.',
    })
    .optional(),
});

const DOMAINS_FILE = fields({
  $schema: z.string().optional(),
  domains: z.array(DOMAIN_ENTRY),
}).meta({
  title: 'Bagberth tenant map',
  description:
    'Branded hosts and the landing page each serves. Run `npm run tenants:check` after editing: it also checks rules a schema cannot (unique domains, path = /{slug}/{type}, place data for every slug).',
});

export const PLACE = fields({
  kind: oneOf(PLACE_KINDS),
  name: byLocale(
    WEBSITE_LOCALES,
    text("King's Cross Station"),
    { unknown: 'is not a website locale', notObject: 'must be an object of display names by locale' },
    text("King's Cross Station"),
  ).meta({ description: 'Display name per locale; en plus every locale the place is served in.' }),
  where: byLocale(PHRASE_LOCALES, text('near the Eiffel Tower'), {
    unknown: `is not used: phrases are written for ${PHRASE_LOCALES.join(', ')}; ja, ko and zh derive theirs from the name`,
    notObject: 'must be an object of phrases by locale, like { "en": "near the Eiffel Tower" }',
  })
    .meta({
      description:
        '"near X" (station, airport, landmark) or "in X" (city) as it reads mid-sentence, per locale the page is served in; ja, ko and zh derive theirs from the name.',
    })
    .optional(),
  city: matching(KEBAB_CASE, 'must be null or the slug of a city in places.json')
    .nullable()
    .meta({ description: "Slug of the parent city's place, or null." }),
  country: matching(COUNTRY_CODE, 'must be an ISO country code like "GB"'),
  // No messages of their own: validateTenants.ts names the currency and the time zones of the country.
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ description: 'ISO 4217; must be priced in src/content/pricing.ts.' }),
  lat: z.number(says('must be a latitude from -90 to 90')).min(-90).max(90),
  lng: z.number(says('must be a longitude from -180 to 180')).min(-180).max(180),
  timeZone: z.string().meta({ description: 'IANA time zone, e.g. Europe/London.' }),
});

const PLACES_FILE = fields({
  $schema: z.string().optional(),
  places: z.record(z.string().regex(KEBAB_CASE), PLACE),
}).meta({
  title: 'Bagberth place data',
  description: 'Facts per slug that landing pages need. Run `npm run tenants:check` after editing.',
});

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });

const ADDRESS = fields({
  street: text('27 Caledonian Road').meta({
    description: 'Street and number, with building or suite if any, e.g. "27 Caledonian Road".',
  }),
  postcode: text('N1 9DX').meta({
    description: 'As the country writes it, e.g. "N1 9DX", "10117", "CA 94103" (a US state goes with its ZIP code).',
  }),
  city: text('London'),
  // Intl knows which codes name a country; the schema editors read checks only their shape.
  country: matching(COUNTRY_CODE, 'is not an ISO 3166-1 country code like "GB"')
    .refine((code) => regionNames.of(code) !== undefined)
    .meta({ description: 'ISO 3166-1 alpha-2 code, e.g. "GB"; the page names the country in its own language.' }),
}).meta({ id: 'address' });

const PERIOD = fields({
  count: z.number(says('must be a whole number from 1')).int().min(1),
  unit: oneOf(PERIOD_UNITS),
}).meta({ id: 'period' });

const PROCESSOR = fields(
  {
    entity: text('Datadog, Inc.').meta({
      description: 'The contracting company, as in the data processing agreement.',
    }),
    address: ADDRESS,
    retention: PERIOD.meta({ description: 'How long the provider keeps the data under the contract.' }),
    safeguards: eachOnce(
      z
        .array(oneOf(TRANSFER_SAFEGUARDS), {
          error: (issue) =>
            `${show(issue.input)} must list one or more of ${TRANSFER_SAFEGUARDS.join(', ')}, each once`,
        })
        .min(1),
      (safeguard) => `${show(safeguard)} is listed twice`,
    ).meta({
      description:
        'What makes the transfer lawful: dpf (certified under the EU–US Data Privacy Framework and its UK Extension), scc (standard contractual clauses with the UK Addendum).',
    }),
  },
  { missing: 'missing: the site loads this provider, so the privacy policy must name its contract' },
).meta({ id: 'processor' });

/** An organisation by name and postal address, with one way to reach it (website, phone or email). */
const contact = <K extends string>(example: string, key: K, reach: z.ZodType) =>
  fields({ name: text(example), address: ADDRESS, [key]: reach } as Record<'name' | 'address' | K, z.ZodType>);

const httpsAddress = matching(WEBSITE, 'is not an https:// address').meta({ description: 'An https:// address.' });

export interface OperatorSchemaOptions {
  /** The ids of src/consent/processors.ts: the file must hold the contract of each, and no other. */
  processorIds: readonly string[];
  /** Where the GDPR applies; an operator elsewhere needs a representative there (Art. 27). */
  eeaCountries: ReadonlySet<string>;
}

/** tenants/operator.json, with the processors the code loads (which this layer cannot import). */
export function operatorSchema({ processorIds, eeaCountries }: OperatorSchemaOptions) {
  return fields({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    legalName: text('Bagberth Ltd').meta({ description: 'The company\'s registered name, e.g. "Bagberth Ltd".' }),
    address: ADDRESS.meta({ description: 'The registered office: a postal address, never a PO box.' }),
    register: fields({
      name: text('Registrar of Companies for England and Wales').meta({
        description:
          'The register, e.g. "Registrar of Companies for England and Wales" or "Amtsgericht Berlin-Charlottenburg".',
      }),
      number: matching(
        COMPANY_NUMBER,
        'is not a company number as the register writes it, like "14872306" or "HRB 123456"',
      ).meta({ description: 'The company number as the register writes it, e.g. "14872306" or "HRB 123456".' }),
    }),
    vatNumber: matching(
      VAT_NUMBER,
      'must be the country prefix, then groups of at most five characters separated by spaces, like "GB 123 4567 89" (analytics tools mask nine digits in a row)',
    ).meta({
      description:
        'Country prefix, then groups of at most five characters separated by spaces, e.g. "GB 123 4567 89". Analytics tools mask runs of nine digits as US social security numbers.',
    }),
    email: matching(EMAIL, 'is not an email address like "support@bagberth.com"').meta({
      description: 'The contact address the pages show and link.',
    }),
    phone: matching(PHONE, 'must be in international format in groups, like "+44 20 7946 0321"').meta({
      description: 'International format in groups, e.g. "+44 20 7946 0321".',
    }),
    directors: z
      .array(text('Eleanor Hart'), { error: () => 'must list one or more names' })
      .min(1)
      .meta({ description: 'The managing director(s) who represent the company.' }),
    responsibleForContent: text('Eleanor Hart').meta({
      description: "The person responsible for content under § 18(2) MStV, reachable at the operator's address.",
    }),
    supervisoryAuthority: contact("Information Commissioner's Office", 'website', httpsAddress).meta({
      description: "The operator's lead data protection supervisory authority.",
    }),
    euRepresentative: contact(
      'EU Privacy Representative Services Ltd',
      'email',
      matching(EMAIL, 'is not an email address'),
    )
      .meta({ description: 'Required when the operator is not established in the EEA (GDPR Art. 27).' })
      .optional(),
    hostingProvider: contact(
      'Hetzner Online GmbH',
      'phone',
      matching(PHONE, 'must be in international format in groups, like "+49 9831 505 0"'),
    ).meta({ description: 'Who hosts the sites: French law (LCEN) asks the legal notice to name them.' }),
    consumerArbitration: fields({ name: text('Universalschlichtungsstelle des Bundes'), website: httpsAddress })
      .nullable()
      .meta({
        description:
          'null: the operator takes part in no consumer dispute resolution; otherwise the board it takes part before.',
      }),
    governingLaw: byLocale(
      WEBSITE_LOCALES,
      text('England and Wales'),
      { unknown: `is not one of the website locales (${WEBSITE_LOCALES.join(', ')})` },
      text('England and Wales', 'missing: English stands in for every locale without its own'),
    ).meta({
      description: 'The law the terms choose, by website locale; "en" is required and stands in for a missing locale.',
    }),
    serverErrorLogRetention: PERIOD.meta({
      description: "How long the servers' error lines (with IP addresses) are kept.",
    }),
    processors: fields(Object.fromEntries(processorIds.map((id) => [id, PROCESSOR]))).meta({
      description: 'Contract facts for each provider the code loads (src/consent/processors.ts).',
    }),
  }).meta({
    title: 'Bagberth operator facts',
    description:
      'Who runs the sites: the facts the imprint, privacy policy and terms show (pages/legal). Run `npm run tenants:check` after editing: it also checks rules a schema cannot (country codes Intl knows).',
    // validateOperator.ts's rule, for editors: an operator outside the EEA names its EU representative.
    if: { properties: { address: { properties: { country: { enum: [...eeaCountries] } } } } },
    else: { required: ['euRepresentative'] },
  });
}

/** A mistake the schema finds, where it is: an unknown key is one of its own. */
export interface FieldIssue {
  path: JsonPath;
  message: string;
}

/** Every field the schema refuses in a value, once each, in the schema's order. */
export function fieldIssues(schema: z.ZodType, value: unknown): FieldIssue[] {
  const issues = schema.safeParse(value).error?.issues ?? [];
  const found = issues.flatMap(({ code, path, message, ...issue }) =>
    code === 'unrecognized_keys' && 'keys' in issue
      ? issue.keys.map((key) => ({ path: [...(path as JsonPath), key], message }))
      : [{ path: path as JsonPath, message }],
  );
  const seen = new Set<string>();
  return found.filter(({ path }) => !seen.has(String(path)) && Boolean(seen.add(String(path))));
}

/** The JSON Schemas editors read, by file name in tenants/: what `npm run tenants:schemas` writes. */
export function editorSchemas(options: OperatorSchemaOptions): Record<string, string> {
  const json = (schema: z.ZodType) => `${JSON.stringify(z.toJSONSchema(schema, { target: 'draft-07' }), null, 2)}\n`;
  return {
    'domains.schema.json': json(DOMAINS_FILE),
    'places.schema.json': json(PLACES_FILE),
    'operator.schema.json': json(operatorSchema(options)),
  };
}
