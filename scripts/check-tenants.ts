// `npm run tenants:check`: validates tenants/*.json and names every broken entry and field.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SUPPORTED_CURRENCIES } from '../src/content/pricing';
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

const problems = validateTenants(readJson('domains.json'), readJson('places.json'), { currencies: SUPPORTED_CURRENCIES });
if (problems.length > 0) {
  problems.forEach((problem) => console.error(formatProblem(problem)));
  console.error(`\n${problems.length} problem(s) in the tenant map.`);
  process.exit(1);
}
console.log('Tenant map OK.');
