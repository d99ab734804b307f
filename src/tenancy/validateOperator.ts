import { isObject } from '@/base/isObject';
import { isWebsiteLocale, WEBSITE_LOCALES } from '@/i18n/websiteLocales';
import { TRANSFER_SAFEGUARDS } from './operatorFacts';
import type { TenantProblem } from './types';

// The same rules as tenants/operator.schema.json, which editors show while typing; this check also
// knows what the schema cannot: the processors the code loads and the country codes Intl names.
const FIELDS = [
  'legalName',
  'address',
  'register',
  'vatNumber',
  'email',
  'phone',
  'directors',
  'responsibleForContent',
  'supervisoryAuthority',
  'euRepresentative',
  'hostingProvider',
  'consumerArbitration',
  'governingLaw',
  'serverErrorLogRetention',
  'processors',
];
const ADDRESS_FIELDS = ['street', 'postcode', 'city', 'country'];
const PERIOD_UNITS = ['day', 'month', 'year'];

/** Groups of at most five: a run of nine digits is masked by analytics tools as a US social security number. */
const VAT_NUMBER = /^[A-Z]{2}( [0-9A-Z]{1,5})+$/;
const COMPANY_NUMBER = /^[0-9A-Z][0-9A-Z /.-]*$/;
const PHONE = /^\+[1-9][0-9]{0,3}( [0-9]{1,6})+$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/;
const WEBSITE = /^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/;

const show = (value: unknown) => JSON.stringify(value) ?? String(value);
const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
const isCountry = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Z]{2}$/.test(value) && regionNames.of(value) !== undefined;

export interface OperatorValidationOptions {
  /** The ids of src/consent/processors.ts: the file must hold the contract of each, and no other. */
  processorIds: readonly string[];
  /** Where the GDPR applies; an operator elsewhere needs a representative there (Art. 27). */
  eeaCountries: ReadonlySet<string>;
}

type Report = (field: string, message: string) => void;

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], path: string, report: Report): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key) && !key.startsWith('$'))
      report(`${path}${key}`, `unknown field; allowed: ${allowed.join(', ')}`);
  }
}

function checkText(value: unknown, field: string, report: Report, example: string): void {
  if (typeof value !== 'string' || !value.trim()) report(field, `${show(value)} must be text, like ${show(example)}`);
}

function checkPattern(value: unknown, pattern: RegExp, field: string, report: Report, expected: string): void {
  if (typeof value !== 'string' || !pattern.test(value)) report(field, `${show(value)} ${expected}`);
}

function checkObject(value: unknown, field: string, report: Report): value is Record<string, unknown> {
  if (isObject(value)) return true;
  report(field, 'must be an object');
  return false;
}

function checkAddress(value: unknown, field: string, report: Report): value is { country: string } {
  if (!checkObject(value, field, report)) return false;
  checkKeys(value, ADDRESS_FIELDS, `${field}.`, report);
  checkText(value.street, `${field}.street`, report, '27 Caledonian Road');
  checkText(value.postcode, `${field}.postcode`, report, 'N1 9DX');
  checkText(value.city, `${field}.city`, report, 'London');
  if (!isCountry(value.country))
    report(`${field}.country`, `${show(value.country)} is not an ISO 3166-1 country code like "GB"`);
  return isCountry(value.country);
}

/** An organisation by name and postal address, with one way to reach it (website, phone or email). */
function checkContact(
  value: unknown,
  field: string,
  report: Report,
  example: string,
  reach: { key: string; pattern: RegExp; expected: string },
): void {
  if (!checkObject(value, field, report)) return;
  checkKeys(value, ['name', 'address', reach.key], `${field}.`, report);
  checkText(value.name, `${field}.name`, report, example);
  checkAddress(value.address, `${field}.address`, report);
  checkPattern(value[reach.key], reach.pattern, `${field}.${reach.key}`, report, reach.expected);
}

function checkPeriod(value: unknown, field: string, report: Report): void {
  if (!checkObject(value, field, report)) return;
  checkKeys(value, ['count', 'unit'], `${field}.`, report);
  if (!Number.isInteger(value.count) || (value.count as number) < 1)
    report(`${field}.count`, `${show(value.count)} must be a whole number from 1`);
  if (!PERIOD_UNITS.includes(value.unit as string))
    report(`${field}.unit`, `${show(value.unit)} must be one of ${PERIOD_UNITS.join(', ')}`);
}

function checkProcessors(value: unknown, ids: readonly string[], report: Report): void {
  if (!checkObject(value, 'processors', report)) return;
  checkKeys(value, ids, 'processors.', report);
  for (const id of ids) {
    const field = `processors.${id}`;
    const contract = value[id];
    if (contract === undefined) {
      report(field, 'missing: the site loads this provider, so the privacy policy must name its contract');
      continue;
    }
    if (!checkObject(contract, field, report)) continue;
    checkKeys(contract, ['entity', 'address', 'retention', 'safeguards'], `${field}.`, report);
    checkText(contract.entity, `${field}.entity`, report, 'Datadog, Inc.');
    checkAddress(contract.address, `${field}.address`, report);
    checkPeriod(contract.retention, `${field}.retention`, report);
    const { safeguards } = contract;
    if (
      !Array.isArray(safeguards) ||
      safeguards.length === 0 ||
      new Set(safeguards).size !== safeguards.length ||
      !safeguards.every((s) => (TRANSFER_SAFEGUARDS as readonly unknown[]).includes(s))
    ) {
      report(
        `${field}.safeguards`,
        `${show(safeguards)} must list one or more of ${TRANSFER_SAFEGUARDS.join(', ')}, each once`,
      );
    }
  }
}

/** Checks tenants/operator.json; returns every problem, each naming its field, rather than stopping at the first. */
export function validateOperator(file: unknown, options: OperatorValidationOptions): TenantProblem[] {
  const problems: TenantProblem[] = [];
  const report: Report = (field, message) => problems.push({ file: 'operator.json', field, message });
  if (!checkObject(file, '(file)', report)) return problems;
  checkKeys(file, FIELDS, '', report);
  for (const field of FIELDS) {
    if (field !== 'euRepresentative' && file[field] === undefined) report(field, 'missing');
  }
  const present = (field: string) => file[field] !== undefined;

  if (present('legalName')) checkText(file.legalName, 'legalName', report, 'Bagberth Ltd');
  const operatorCountry =
    present('address') && checkAddress(file.address, 'address', report)
      ? (file.address as { country: string }).country
      : undefined;
  if (present('register') && checkObject(file.register, 'register', report)) {
    checkKeys(file.register, ['name', 'number'], 'register.', report);
    checkText(file.register.name, 'register.name', report, 'Registrar of Companies for England and Wales');
    checkPattern(
      file.register.number,
      COMPANY_NUMBER,
      'register.number',
      report,
      'is not a company number as the register writes it, like "14872306" or "HRB 123456"',
    );
  }
  if (present('vatNumber')) {
    checkPattern(
      file.vatNumber,
      VAT_NUMBER,
      'vatNumber',
      report,
      'must be the country prefix, then groups of at most five characters separated by spaces, like "GB 123 4567 89" (analytics tools mask nine digits in a row)',
    );
  }
  if (present('email'))
    checkPattern(file.email, EMAIL, 'email', report, 'is not an email address like "support@bagberth.com"');
  if (present('phone'))
    checkPattern(
      file.phone,
      PHONE,
      'phone',
      report,
      'must be in international format in groups, like "+44 20 7946 0321"',
    );
  if (present('directors')) {
    if (!Array.isArray(file.directors) || file.directors.length === 0)
      report('directors', 'must list one or more names');
    else file.directors.forEach((name, index) => checkText(name, `directors[${index}]`, report, 'Eleanor Hart'));
  }
  if (present('responsibleForContent'))
    checkText(file.responsibleForContent, 'responsibleForContent', report, 'Eleanor Hart');

  if (present('supervisoryAuthority')) {
    checkContact(file.supervisoryAuthority, 'supervisoryAuthority', report, "Information Commissioner's Office", {
      key: 'website',
      pattern: WEBSITE,
      expected: 'is not an https:// address',
    });
  }
  if (present('hostingProvider')) {
    checkContact(file.hostingProvider, 'hostingProvider', report, 'Hetzner Online GmbH', {
      key: 'phone',
      pattern: PHONE,
      expected: 'must be in international format in groups, like "+49 9831 505 0"',
    });
  }

  const representative = file.euRepresentative;
  if (representative === undefined) {
    if (operatorCountry && !options.eeaCountries.has(operatorCountry)) {
      report(
        'euRepresentative',
        `missing: an operator in ${operatorCountry}, outside the EEA, must name its representative in the EU (GDPR Art. 27)`,
      );
    }
  } else {
    checkContact(representative, 'euRepresentative', report, 'EU Privacy Representative Services Ltd', {
      key: 'email',
      pattern: EMAIL,
      expected: 'is not an email address',
    });
  }

  const arbitration = file.consumerArbitration;
  if (
    arbitration !== null &&
    present('consumerArbitration') &&
    checkObject(arbitration, 'consumerArbitration', report)
  ) {
    checkKeys(arbitration, ['name', 'website'], 'consumerArbitration.', report);
    checkText(arbitration.name, 'consumerArbitration.name', report, 'Universalschlichtungsstelle des Bundes');
    checkPattern(arbitration.website, WEBSITE, 'consumerArbitration.website', report, 'is not an https:// address');
  }

  if (present('governingLaw') && checkObject(file.governingLaw, 'governingLaw', report)) {
    for (const [locale, law] of Object.entries(file.governingLaw)) {
      if (!isWebsiteLocale(locale))
        report(`governingLaw.${locale}`, `is not one of the website locales (${WEBSITE_LOCALES.join(', ')})`);
      else checkText(law, `governingLaw.${locale}`, report, 'England and Wales');
    }
    if (file.governingLaw.en === undefined)
      report('governingLaw.en', 'missing: English stands in for every locale without its own');
  }
  if (present('serverErrorLogRetention')) checkPeriod(file.serverErrorLogRetention, 'serverErrorLogRetention', report);
  if (present('processors')) checkProcessors(file.processors, options.processorIds, report);
  return problems;
}
