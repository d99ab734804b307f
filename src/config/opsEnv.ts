// What ops:plan and ops:apply (ops/datadog/) manage the account for: whom each severity notifies,
// which environment and RUM application every query is scoped to, and where and how often the
// synthetic tests run (docs/ops.md, "Apply"; docs/configuration.md).
import { envReader, type Env } from './parse';

export type Severity = 'critical' | 'warning';

export interface OpsConfig {
  /** The `env` tag every query filters on: the deployment the monitors watch. */
  env: string;
  /** The RUM application every RUM query filters on (`@application.id`). */
  rumApplicationId: string;
  /** Datadog notification handles (`@pagerduty-…`, `@slack-…`, `@team-…`, an e-mail) by severity. */
  notify: Record<Severity, string[]>;
  synthetics: {
    /** Datadog's managed locations (`aws:eu-central-1`) or private ones (`pl:…`). */
    locations: string[];
    /** Seconds between runs from each location. */
    tickEverySeconds: number;
  };
}

const DEFAULT_OPS_ENV = 'production';
export const DEFAULT_SYNTHETICS_LOCATIONS = ['aws:eu-central-1', 'aws:eu-west-2', 'aws:us-east-2'];
export const DEFAULT_SYNTHETICS_TICK_EVERY = 180;
/** What Datadog accepts as a test's frequency (the API's `tickEvery`). */
const TICK_EVERY_RANGE = [30, 604_800] as const;

// A handle as Datadog's notifications take it: `@` and a channel or integration name, or an e-mail.
const HANDLE = /^@\w[\w.+#-]*(?:@[\w-]+(?:\.[\w-]+)+)?$/;
const LOCATION = /^(?:aws|gcp|azure):[a-z0-9-]+$|^pl:[\w-]+$/;

const list = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean);

/** Only the environment ops work on: what a deploy marker needs, without the rest. */
export const parseOpsEnvName = (env: Env): string => envReader(env).string('OPS_ENV', DEFAULT_OPS_ENV);

/** The ops settings, or an EnvError naming every variable that is missing or wrong. */
export function parseOpsEnv(env: Env): OpsConfig {
  const read = envReader(env);
  const handles = (name: string, what: string) => {
    const found = list(read.string(name));
    if (found.length === 0)
      read.problem(
        name,
        `required: the Datadog handles ${what}, space-separated (e.g. @pagerduty-microsites, @slack-microsites-alerts)`,
      );
    for (const handle of found.filter((handle) => !HANDLE.test(handle)))
      read.problem(
        name,
        `${JSON.stringify(handle)} is not a Datadog handle (@ and a name, or @ and an e-mail address)`,
      );
    return found;
  };
  const notify = {
    critical: handles('OPS_NOTIFY_CRITICAL', 'an outage pages'),
    warning: handles('OPS_NOTIFY_WARNING', 'a warning reaches'),
  };

  const rumApplicationId = read.string('OPS_RUM_APPLICATION_ID') ?? read.string('NEXT_PUBLIC_DATADOG_APPLICATION_ID');
  if (!rumApplicationId)
    read.problem(
      'OPS_RUM_APPLICATION_ID',
      'required (or NEXT_PUBLIC_DATADOG_APPLICATION_ID): the RUM application every RUM query is scoped to',
    );

  const locations = list(read.string('OPS_SYNTHETICS_LOCATIONS'));
  for (const location of locations.filter((location) => !LOCATION.test(location)))
    read.problem(
      'OPS_SYNTHETICS_LOCATIONS',
      `${JSON.stringify(location)} is not a Datadog location (aws:eu-central-1, pl:<private location id>)`,
    );
  const tickEverySeconds = read.positiveInt('OPS_SYNTHETICS_TICK_EVERY', DEFAULT_SYNTHETICS_TICK_EVERY);
  if (tickEverySeconds < TICK_EVERY_RANGE[0] || tickEverySeconds > TICK_EVERY_RANGE[1])
    read.problem(
      'OPS_SYNTHETICS_TICK_EVERY',
      `expected seconds between ${TICK_EVERY_RANGE[0]} and ${TICK_EVERY_RANGE[1]}, got ${tickEverySeconds}`,
    );

  return read.done({
    env: parseOpsEnvName(env),
    rumApplicationId: rumApplicationId ?? '',
    notify,
    synthetics: { locations: locations.length > 0 ? locations : DEFAULT_SYNTHETICS_LOCATIONS, tickEverySeconds },
  });
}
