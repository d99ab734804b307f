// The building blocks of the environment schemas, one per audience: the public NEXT_PUBLIC_* ones
// (publicEnv, analyticsEnv, monitoringEnv, read together by builtEnv), serverEnv, edgeEnv, opsEnv and
// listenEnv. A schema reports every bad variable at once; parseEnv turns zod's issues into an
// EnvError whose lines each name the variable and what it wants, never a stack trace.
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

const problemText = (name: string, problem: string) => `Invalid environment variable ${name}: ${problem}`;

type Fields = Record<string, readonly [variable: string, schema: z.ZodType]>;
type Parsed<F extends Fields> = { -readonly [K in keyof F]: z.output<F[K][1]> };

/** Each audience schema's variables by field, in its order. */
const variablesByField = new WeakMap<z.core.$ZodType, Record<string, string>>();

/**
 * An audience's schema: `{ field: [VARIABLE, schema] }`, each read from the environment as written
 * (see `variable`); its output has the fields, and each problem names the variable. `rules` checks
 * across variables, and runs whatever else is wrong, so one run still names every bad variable.
 */
export function envSchema<F extends Fields>(
  fields: F,
  rules?: (env: Parsed<F>, problem: (field: keyof F & string, message: string) => void) => void,
) {
  const entries = Object.entries(fields);
  const object = z.object(Object.fromEntries(entries.map(([field, [, schema]]) => [field, variable(schema)])));
  const schema = z.preprocess(
    (env) => Object.fromEntries(entries.map(([field, [name]]) => [field, (env as Env)[name]])),
    rules
      ? object.superRefine(
          (env, context) =>
            rules(env as Parsed<F>, (field, message) => context.addIssue({ code: 'custom', path: [field], message })),
          { when: () => true },
        )
      : object,
  ) as unknown as z.ZodType<Parsed<F>, Env>;
  variablesByField.set(schema, Object.fromEntries(entries.map(([field, [name]]) => [field, name])));
  return schema;
}

// z.ZodPipe, not z.core's: naming z.core would bring all of zod's core into the Edge middleware.
const variablesOfSchema = (schema: z.core.$ZodType): Record<string, string> =>
  variablesByField.get(schema) ?? (schema instanceof z.ZodPipe ? variablesOfSchema(schema.in) : {});

/** The variables an audience's schema reads, in its order. */
export const variablesOf = (schema: z.core.$ZodType): string[] => Object.values(variablesOfSchema(schema));

/** `env` parsed by `schema`, or an EnvError naming each bad variable, in the schema's order. */
export function parseEnv<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const fields = Object.keys(variablesOfSchema(schema));
  const field = (issue: z.core.$ZodIssue) => String(issue.path[0]);
  throw new EnvError(
    [...result.error.issues]
      .sort((a, b) => fields.indexOf(field(a)) - fields.indexOf(field(b)))
      .map((issue) => problemText(variablesOfSchema(schema)[field(issue)] ?? field(issue), issue.message)),
  );
}

/** Runs each parse, and throws the problems of all of them together. */
export function parseAll<T extends Record<string, () => unknown>>(parses: T): { [K in keyof T]: ReturnType<T[K]> } {
  const problems: string[] = [];
  const values = Object.fromEntries(
    Object.entries(parses).map(([key, parse]) => {
      try {
        return [key, parse()];
      } catch (error) {
        if (!(error instanceof EnvError)) throw error;
        problems.push(...error.problems);
        return [key, undefined];
      }
    }),
  );
  if (problems.length > 0) throw new EnvError(problems);
  return values as { [K in keyof T]: ReturnType<T[K]> };
}

export const show = (value: unknown) => JSON.stringify(value);
export const got = (wanted: string) => (issue: { input?: unknown }) => `expected ${wanted}, got ${show(issue.input)}`;

/** A variable as written: trimmed, and blank counts as unset. */
const variable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), schema);

/** The scheme of a value that parses as a URL, without its colon. */
const schemeOf = (value: string) => (URL.canParse(value) ? new URL(value).protocol.slice(0, -1) : undefined);

/** An absolute URL of `protocol` without trailing slashes; a URL of another scheme says so. */
export const urlOf = (protocol: RegExp, unparsable: string, wrongScheme = unparsable) =>
  z
    .url({
      protocol,
      error: (issue) => {
        const scheme = schemeOf(String(issue.input));
        return got(scheme !== undefined && !protocol.test(scheme) ? wrongScheme : unparsable)(issue);
      },
    })
    .overwrite((url) => url.replace(/\/+$/, ''));

export const httpUrl = () => urlOf(/^https?$/, 'an absolute http(s) URL', 'an http or https URL');

/** A string that `pattern` matches, or `wanted` in the message. */
export const matching = (pattern: RegExp, wanted: string) => z.string().regex(pattern, { error: got(wanted) });

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
// Not z.stringbool: its issue stops the object's cross-variable rules, and this one must not.
export const flag = () =>
  z
    .string()
    .refine((value) => [...TRUE, ...FALSE].includes(value.toLowerCase()), { error: got('true or false') })
    .transform((value) => TRUE.includes(value.toLowerCase()));

/** A whole number from `min` to `max`, written in digits. */
const wholeNumber = (min: number, max: number, wanted: string) =>
  z
    .string()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { error: got(wanted) })
    .transform(Number);

export const positiveInt = () => wholeNumber(1, Infinity, 'a positive whole number');
export const port = () => wholeNumber(1, 65_535, 'a port number (1-65535)');

/** How many proxies in front are trusted: false/0 none, true 1, or a count up to 10. */
export const proxyHops = () =>
  z
    .string()
    .toLowerCase()
    .refine((value) => TRUE.includes(value) || FALSE.includes(value) || (/^\d+$/.test(value) && Number(value) <= 10), {
      error: got('false, true or the number of trusted proxies in front (1-10)'),
    })
    .transform((value) => (TRUE.includes(value) ? 1 : FALSE.includes(value) ? 0 : Number(value)));

/** Items separated by `separator` (blank ones dropped), each checked by `item`; `required` when none. */
export const listOf = <T extends z.ZodType<unknown, string>>(separator: RegExp, item: T, required?: string) =>
  z
    .string({ error: required })
    .transform((value) => value.split(separator).filter(Boolean))
    .pipe(required ? z.array(item).min(1, { error: required }) : z.array(item));

/** A check that only makes sense of a value whose earlier checks passed: one mistake, one message. */
export const ifValid = { when: ({ issues }: { issues: readonly unknown[] }) => issues.length === 0 };
