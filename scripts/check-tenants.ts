// `npm run tenants:check` (and every `next build`, see next.config.js): validates tenants/*.json (the
// tenant map and the operator's facts) and names every broken entry and field.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseTenantJson } from '../src/tenancy/tenantJson';
import type { DomainEntry, Place } from '../src/tenancy/types';

function readJson(file: string): unknown {
  const parsed = parseTenantJson(file, readFileSync(resolve(__dirname, '..', 'tenants', file), 'utf8'));
  if (parsed.ok) return parsed.value;
  console.error(parsed.message);
  process.exit(1);
}

async function main() {
  const domainsFile = readJson('domains.json');
  const placesFile = readJson('places.json');
  const operatorFile = readJson('operator.json');
  // Loaded once the files parse: some of these modules import the tenant files themselves.
  const [{ validateTenants }, { validateOperator }, { formatProblem }, { SUPPORTED_CURRENCIES }, { linkedNameProblems }, { PROCESSORS }, { EEA_COUNTRIES }] =
    await Promise.all([
      import('../src/tenancy/validateTenants'),
      import('../src/tenancy/validateOperator'),
      import('../src/tenancy/types'),
      import('../src/content/pricing'),
      import('../src/content/linkedNames'),
      import('../src/consent/processors'),
      import('../src/tenancy/consentRegime'),
    ]);
  const problems = validateTenants(domainsFile, placesFile, { currencies: SUPPORTED_CURRENCIES });
  // Names shown across pages follow the neighbour rules, which need a map that is valid entry by entry.
  if (problems.length === 0) {
    const { domains } = domainsFile as { domains: DomainEntry[] };
    const { places } = placesFile as { places: Record<string, Place> };
    problems.push(...linkedNameProblems(domains, places));
  }
  problems.push(...validateOperator(operatorFile, { processorIds: PROCESSORS.map((processor) => processor.id), eeaCountries: EEA_COUNTRIES }));
  if (problems.length > 0) {
    problems.forEach((problem) => console.error(formatProblem(problem)));
    console.error(`\n${problems.length} problem(s) in the tenant files.`);
    process.exit(1);
  }
  console.log('Tenant map and operator facts OK.');
}

void main();
