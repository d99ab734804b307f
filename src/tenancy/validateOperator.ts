import { isObject } from '@/base/isObject';
import { fieldIssues, operatorSchema, type OperatorSchemaOptions } from './tenantSchemas';
import type { JsonPath, TenantProblem } from './types';

// Every field is checked by its schema (tenantSchemas.ts, the one editors read too); this file adds
// the rule across fields: an operator outside the EEA names its representative in the EU.

/** A field as the check names it: "processors.segment.address", "directors[1]". */
const fieldName = (path: JsonPath) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');

/** Checks tenants/operator.json; returns every problem, each naming its field, rather than stopping at the first. */
export function validateOperator(file: unknown, options: OperatorSchemaOptions): TenantProblem[] {
  const issues = fieldIssues(operatorSchema(options), file);
  const problems: TenantProblem[] = issues.map(({ path, message }) => ({
    file: 'operator.json',
    field: path.length > 0 ? fieldName(path) : '(file)',
    // A field of the file left out is simply missing; a part of one left out says what it takes.
    message: path.length === 1 && isObject(file) && file[String(path[0])] === undefined ? 'missing' : message,
  }));
  // The operator's country, once the schema accepts its address.
  const address = isObject(file) && !issues.some(({ path }) => path[0] === 'address') ? file.address : undefined;
  if (isObject(file) && file.euRepresentative === undefined && isObject(address)) {
    const code = String(address.country);
    if (!options.eeaCountries.has(code))
      problems.push({
        file: 'operator.json',
        field: 'euRepresentative',
        message: `missing: an operator in ${code}, outside the EEA, must name its representative in the EU (GDPR Art. 27)`,
      });
  }
  return problems;
}
