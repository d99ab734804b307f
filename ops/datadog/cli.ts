// `npm run ops:plan`, `npm run ops:apply [-- --prune]` (docs/ops.md, "Apply") and `npm run ops:mark --
// --version <v> --tag <tag>` ("Rollouts"): the ops objects
// of ops/datadog/ against the account DD_API_KEY and DD_APP_KEY name, on DD_SITE (datadoghq.com).
// DD_API_URL points the client at another base URL (a stand-in, a proxy). Without keys: which are
// missing, exit 1, before any request; so do the notification handles and scopes src/config/opsEnv.ts
// reads.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseOpsEnv, parseOpsEnvName, type OpsConfig } from '../../src/config/opsEnv';
import { EnvError } from '../../src/config/parse';
import { apis, apply, desired, plan, summarize, type Account } from './apply';
import { rolloutEvent, type Rollout } from './rollout';

/** The account from the environment, or the names of what is missing. */
export function accountFrom(env: Record<string, string | undefined>): Account | { missing: string[] } {
  const missing = ['DD_API_KEY', 'DD_APP_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) return { missing };
  return {
    apiKey: env.DD_API_KEY!.trim(),
    appKey: env.DD_APP_KEY!.trim(),
    site: env.DD_SITE?.trim() || 'datadoghq.com',
    baseUrl: env.DD_API_URL?.trim() || undefined,
  };
}

/** Datadog's refusals in words an operator acts on: which key, which permission. */
export function explain(error: unknown): string {
  const code = (error as { code?: number }).code;
  if (code === 403)
    return 'Datadog refused the request (403 Forbidden): check DD_API_KEY, and that DD_APP_KEY is an application key of this organisation with the dashboards, monitors, SLOs and RUM write permissions.';
  if (code === 401)
    return 'Datadog refused the keys (401 Unauthorized): DD_API_KEY or DD_APP_KEY is not a valid key for DD_SITE.';
  return `Datadog answered with an error: ${error instanceof Error ? error.message : String(error)}`;
}

/** `mark`: the rollout event of one deploy (ops/datadog/rollout.ts), posted with the API key. */
async function mark(
  argv: string[],
  env: Record<string, string | undefined>,
  account: Account,
  print: (line: string) => void,
): Promise<number> {
  let rollout: Rollout;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { version: { type: 'string' }, tag: { type: 'string' }, previous: { type: 'string' } },
      strict: true,
    });
    if (!values.version || !values.tag)
      throw new Error("ops:mark needs --version <the build's version> and --tag <its images' tag>");
    rollout = { env: parseOpsEnvName(env), version: values.version, tag: values.tag, previous: values.previous };
    rolloutEvent(rollout);
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    return 2;
  }
  try {
    await apis(account).events.createEvent({ body: rolloutEvent(rollout) });
    print(`Marked the rollout of ${rollout.version} (${rollout.tag}) in ${rollout.env}.`);
    return 0;
  } catch (error) {
    print(explain(error));
    return 1;
  }
}

export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  print: (line: string) => void = console.log,
): Promise<number> {
  const command = argv[0];
  if (command !== 'plan' && command !== 'apply' && command !== 'mark') {
    print(
      'Usage: tsx ops/datadog/cli.ts plan|apply [--prune] | mark --version <version> --tag <tag> [--previous <version>]',
    );
    return 2;
  }
  const account = accountFrom(env);
  if (command === 'mark') {
    if ('missing' in account) {
      print(`ops:mark needs ${account.missing.join(' and ')}: nothing was sent.`);
      return 1;
    }
    return mark(argv.slice(1), env, account, print);
  }
  let config: OpsConfig | undefined;
  let problems: readonly string[] = [];
  try {
    config = parseOpsEnv(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    problems = error.problems;
  }
  if ('missing' in account || !config) {
    if ('missing' in account)
      print(
        `ops:${command} needs ${account.missing.join(' and ')} (and DD_SITE unless the account is on datadoghq.com): nothing was sent.`,
      );
    for (const problem of problems) print(problem);
    if (problems.length > 0) print('Nothing was sent (docs/configuration.md, "Ops commands only").');
    return 1;
  }
  try {
    const changes = await plan(apis(account), desired(config), { prune: argv.includes('--prune') });
    print(summarize(changes));
    if (command === 'apply') {
      await apply(changes);
      print('Applied.');
    }
    return 0;
  } catch (error) {
    print(explain(error));
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  main(process.argv.slice(2), process.env).then((code) => (process.exitCode = code));
}
