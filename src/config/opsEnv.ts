// What ops:plan and ops:apply (ops/datadog/) manage the account for: whom each severity notifies,
// which environment and RUM application every query is scoped to, and where and how often the
// synthetic tests run (docs/ops.md, "Apply"; docs/configuration.md).
import { z } from 'zod';
import { envSchema, listOf, parseEnv, positiveInt, show, type Env } from './parse';

export type Severity = 'critical' | 'warning';

const DEFAULT_OPS_ENV = 'production';
export const DEFAULT_SYNTHETICS_LOCATIONS = ['aws:eu-central-1', 'aws:eu-west-2', 'aws:us-east-2'];
export const DEFAULT_SYNTHETICS_TICK_EVERY = 180;
/** What Datadog accepts as a test's frequency (the API's `tickEvery`). */
const TICK_EVERY_RANGE = [30, 604_800] as const;

// A handle as Datadog's notifications take it: `@` and a channel or integration name, or an e-mail.
const HANDLE = /^@\w[\w.+#-]*(?:@[\w-]+(?:\.[\w-]+)+)?$/;
const LOCATION = /^(?:aws|gcp|azure):[a-z0-9-]+$|^pl:[\w-]+$/;
const SEPARATORS = /[\s,]+/;

const handles = (what: string) =>
  listOf(
    SEPARATORS,
    z.string().regex(HANDLE, {
      error: (issue) => `${show(issue.input)} is not a Datadog handle (@ and a name, or @ and an e-mail address)`,
    }),
    `required: the Datadog handles ${what}, space-separated (e.g. @pagerduty-microsites, @slack-microsites-alerts)`,
  );

const opsEnvName = z.string().default(DEFAULT_OPS_ENV);

export const opsEnvSchema = envSchema(
  {
    critical: ['OPS_NOTIFY_CRITICAL', handles('an outage pages')],
    warning: ['OPS_NOTIFY_WARNING', handles('a warning reaches')],
    env: ['OPS_ENV', opsEnvName],
    rumApplicationId: ['OPS_RUM_APPLICATION_ID', z.string().optional()],
    builtApplicationId: ['NEXT_PUBLIC_DATADOG_APPLICATION_ID', z.string().optional()],
    locations: [
      'OPS_SYNTHETICS_LOCATIONS',
      listOf(
        SEPARATORS,
        z.string().regex(LOCATION, {
          error: (issue) =>
            `${show(issue.input)} is not a Datadog location (aws:eu-central-1, pl:<private location id>)`,
        }),
      ).optional(),
    ],
    tickEverySeconds: [
      'OPS_SYNTHETICS_TICK_EVERY',
      positiveInt()
        .refine((seconds) => seconds >= TICK_EVERY_RANGE[0] && seconds <= TICK_EVERY_RANGE[1], {
          error: (issue) =>
            `expected seconds between ${TICK_EVERY_RANGE[0]} and ${TICK_EVERY_RANGE[1]}, got ${String(issue.input)}`,
        })
        .default(DEFAULT_SYNTHETICS_TICK_EVERY),
    ],
  },
  ({ rumApplicationId, builtApplicationId }, problem) => {
    if (!rumApplicationId && !builtApplicationId)
      problem(
        'rumApplicationId',
        'required (or NEXT_PUBLIC_DATADOG_APPLICATION_ID): the RUM application every RUM query is scoped to',
      );
  },
).transform((env) => ({
  /** The `env` tag every query filters on: the deployment the monitors watch. */
  env: env.env,
  /** The RUM application every RUM query filters on (`@application.id`). */
  rumApplicationId: env.rumApplicationId ?? env.builtApplicationId ?? '',
  /** Datadog notification handles (`@pagerduty-…`, `@slack-…`, `@team-…`, an e-mail) by severity. */
  notify: { critical: env.critical, warning: env.warning } satisfies Record<Severity, string[]>,
  synthetics: {
    /** Datadog's managed locations (`aws:eu-central-1`) or private ones (`pl:…`). */
    locations: env.locations?.length ? env.locations : DEFAULT_SYNTHETICS_LOCATIONS,
    /** Seconds between runs from each location. */
    tickEverySeconds: env.tickEverySeconds,
  },
}));
export type OpsConfig = z.output<typeof opsEnvSchema>;

/** Only the environment ops work on: what a deploy marker needs, without the rest. */
export const parseOpsEnvName = (env: Env): string => parseEnv(envSchema({ env: ['OPS_ENV', opsEnvName] }), env).env;

/** The ops settings, or an EnvError naming every variable that is missing or wrong. */
export const parseOpsEnv = (env: Env): OpsConfig => parseEnv(opsEnvSchema, env);
