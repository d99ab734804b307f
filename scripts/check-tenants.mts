// `npm run tenants:check` (and every `next build`, see next.config.js): validates tenants/*.json (the
// tenant map and the operator's facts) and names every broken entry and field.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lineLocator, parseTenantJson } from '../src/tenancy/tenantJson.ts';
import type { DomainEntry, LineOf, Place, TenantProblem } from '../src/tenancy/types.ts';

/** The folder of the tenant files: tenants/, or another (a copy to try a change on) as the argument. */
const folder = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..', 'tenants'));
const lineOfFile: Partial<Record<TenantProblem['file'], ReturnType<typeof lineLocator>>> = {};
/** Each problem names the line of its mistake, found in the text of its file. */
const lineOf: LineOf = (file, path) => lineOfFile[file]?.(path);

function readJson(file: TenantProblem['file']): unknown {
  const text = readFileSync(resolve(folder, file), 'utf8');
  const parsed = parseTenantJson(file, text);
  if (parsed.ok) {
    lineOfFile[file] = lineLocator(text);
    return parsed.value;
  }
  parsed.messages.forEach((message) => console.error(message));
  process.exit(1);
}

async function main() {
  const domainsFile = readJson('domains.json');
  const placesFile = readJson('places.json');
  const operatorFile = readJson('operator.json');
  // Loaded once the files parse: some of these modules import the tenant files themselves.
  const [
    { validateTenants },
    { languageReader },
    { validateOperator },
    { problemFormatter },
    { SUPPORTED_CURRENCIES },
    { linkedNameProblems },
    { PROCESSORS },
    { EEA_COUNTRIES },
  ] = await Promise.all([
    import('../src/tenancy/validateTenants.ts'),
    import('../src/tenancy/placeFacts.ts'),
    import('../src/tenancy/validateOperator.ts'),
    import('../src/tenancy/types.ts'),
    import('../src/content/pricing.ts'),
    import('../src/content/linkedNames.ts'),
    import('../src/consent/processors.ts'),
    import('../src/tenancy/consentRegime.ts'),
  ]);
  const { eld } = await import('eld/large');
  const problems = validateTenants(domainsFile, placesFile, {
    currencies: SUPPORTED_CURRENCIES,
    languageOf: languageReader(eld),
  });
  // Names shown across pages follow the neighbour rules, which need a map that is valid entry by entry.
  if (problems.length === 0) {
    const { domains } = domainsFile as { domains: DomainEntry[] };
    const { places } = placesFile as { places: Record<string, Place> };
    problems.push(...linkedNameProblems(domains, places));
  }
  problems.push(
    ...validateOperator(operatorFile, {
      processorIds: PROCESSORS.map((processor) => processor.id),
      eeaCountries: EEA_COUNTRIES,
    }),
  );
  if (problems.length > 0) {
    problems.map(problemFormatter(lineOf)).forEach((line) => console.error(line));
    console.error(`\n${problems.length} problem(s) in the tenant files.`);
    process.exit(1);
  }
  console.log('Tenant map and operator facts OK.');
}

void main();
