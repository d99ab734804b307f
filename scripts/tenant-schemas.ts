// `npm run tenants:schemas`: writes tenants/*.schema.json, the JSON Schemas editors check the tenant
// files with, from the schemas the tenant check parses with (src/tenancy/tenantSchemas.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROCESSORS } from '../src/consent/processors.ts';
import { EEA_COUNTRIES } from '../src/tenancy/consentRegime.ts';
import { editorSchemas } from '../src/tenancy/tenantSchemas.ts';

const schemas = editorSchemas({
  processorIds: PROCESSORS.map((processor) => processor.id),
  eeaCountries: EEA_COUNTRIES,
});
for (const [file, text] of Object.entries(schemas))
  writeFileSync(resolve(import.meta.dirname, '..', 'tenants', file), text);
