// `npm run tenants:check`: validates tenants/*.json and names every broken entry and field.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { linkedNameProblems } from '../src/content/linkedNames';
import { SUPPORTED_CURRENCIES } from '../src/content/pricing';
import type { DomainEntry, Place } from '../src/tenancy/types';
import { formatProblem, validateTenants } from '../src/tenancy/validateTenants';

function readJson(file: string): unknown {
  const path = resolve(__dirname, '..', 'tenants', file);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`tenants/${file}: cannot be read as JSON: ${(error as Error).message}`);
    process.exit(1);
  }
}

const domainsFile = readJson('domains.json');
const placesFile = readJson('places.json');
const problems = validateTenants(domainsFile, placesFile, { currencies: SUPPORTED_CURRENCIES });
// Names shown across pages follow the neighbour rules, which need a map that is valid entry by entry.
if (problems.length === 0) {
  const { domains } = domainsFile as { domains: DomainEntry[] };
  const { places } = placesFile as { places: Record<string, Place> };
  problems.push(...linkedNameProblems(domains, places));
}
if (problems.length > 0) {
  problems.forEach((problem) => console.error(formatProblem(problem)));
  console.error(`\n${problems.length} problem(s) in the tenant map.`);
  process.exit(1);
}
console.log('Tenant map OK.');
