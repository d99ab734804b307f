// Issue 40 item 2: tenants/*.schema.json are written from the zod schemas the tenant check parses
// with (`npm run tenants:schemas`); a committed file that differs was edited by hand or not rewritten.
import { readFileSync } from 'node:fs';
import { PROCESSORS } from '@/consent/processors';
import { EEA_COUNTRIES } from '@/tenancy/consentRegime';
import { editorSchemas } from '@/tenancy/tenantSchemas';

const written = editorSchemas({
  processorIds: PROCESSORS.map((processor) => processor.id),
  eeaCountries: EEA_COUNTRIES,
});

describe('the JSON Schemas editors read', () => {
  it.each(Object.keys(written))('tenants/%s is what `npm run tenants:schemas` writes', (file) => {
    expect(readFileSync(`tenants/${file}`, 'utf8')).toBe(written[file]);
  });
});
