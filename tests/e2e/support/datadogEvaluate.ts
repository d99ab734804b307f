// What a Datadog log monitor and a Synthetics API test would make of what the site really wrote and
// answered, for the game day (tests/e2e/topology.spec.ts): the subset of Datadog's log search
// syntax the monitors of ops/datadog/monitors.ts use, and the assertions ops/datadog/synthetics.ts
// writes. Anything else throws, so that a new query or assertion is never judged wrongly.
import type { v1 } from '@datadog/datadog-api-client';

type Line = Record<string, unknown>;

/** The search, window and threshold of a `logs("…").index("*").rollup("count").last("…") > N` query. */
export function countQuery(query: string): { search: string; window: string; above: number } {
  const match =
    /^logs\("((?:[^"\\]|\\.)*)"\)\.index\("\*"\)\.rollup\("count"\)\.last\("(\w+)"\) > (\d+(?:\.\d+)?)$/.exec(query);
  if (!match) throw new Error(`not a count query this evaluator reads: ${query}`);
  return { search: match[1]!.replace(/\\"/g, '"'), window: match[2]!, above: Number(match[3]) };
}

/** The value at `a.b.c` of a line. */
const at = (line: Line, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Line)[key] : undefined),
      line,
    );

/** Reserved attributes a search names without `@`; the rest Datadog reads from tags this evaluator does not have. */
const RESERVED = new Set(['service', 'env', 'status', 'version']);

function termMatches(line: Line, term: string): boolean {
  if (term.startsWith('"'))
    return String(line.message ?? '')
      .toLowerCase()
      .includes(term.slice(1, -1).toLowerCase());
  const match = /^(@?[\w.]+):(>=|<=|>|<)?(.+)$/.exec(term);
  if (!match) throw new Error(`a search term this evaluator does not read: ${term}`);
  const [, key, comparison, wanted] = match as unknown as [string, string, string | undefined, string];
  if (!key.startsWith('@') && !RESERVED.has(key)) throw new Error(`not a reserved attribute: ${key}`);
  const value = at(line, key.replace(/^@/, ''));
  if (comparison) {
    if (typeof value !== 'number') return false;
    const bound = Number(wanted);
    return comparison === '>='
      ? value >= bound
      : comparison === '<='
        ? value <= bound
        : comparison === '>'
          ? value > bound
          : value < bound;
  }
  if (wanted.endsWith('*')) return String(value).startsWith(wanted.slice(0, -1));
  return String(value) === wanted;
}

/** The terms of a search: words and quoted phrases, all of which a line must match. */
function searchTerms(search: string): string[] {
  const terms = search.match(/"[^"]*"|\S+/g) ?? [];
  for (const term of terms)
    if (/^(OR|AND|NOT)$|^[-(]/.test(term)) throw new Error(`boolean syntax this evaluator does not read: ${term}`);
  return terms;
}

export const matchesSearch = (line: Line, search: string) =>
  searchTerms(search).every((term) => termMatches(line, term));

/** The `@` attributes a search names. */
export const facetsOf = (search: string) => searchTerms(search).flatMap((term) => /^(@[\w.]+):/.exec(term)?.[1] ?? []);

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The assertions of a Synthetics API test that an answer fails, as `type operator target`. */
export function failedAssertions(test: v1.SyntheticsAPITest, answer: Answer): string[] {
  return (test.config.assertions ?? []).flatMap((assertion) => {
    const { type, operator, target, property } = assertion as v1.SyntheticsAssertionTarget;
    const actual =
      type === 'statusCode'
        ? answer.status
        : type === 'body'
          ? answer.body
          : type === 'header'
            ? String(answer.headers[property!.toLowerCase()] ?? '')
            : undefined;
    if (actual === undefined) throw new Error(`an assertion this evaluator does not read: ${type}`);
    const holds =
      operator === 'is'
        ? String(actual) === String(target)
        : operator === 'contains'
          ? String(actual).includes(String(target))
          : undefined;
    if (holds === undefined) throw new Error(`an operator this evaluator does not read: ${operator}`);
    return holds ? [] : [`${type}${property ? ` ${property}` : ''} ${operator} ${String(target)}`];
  });
}
