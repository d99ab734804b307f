// Issue 38 item 1 (docs/configuration.md, "Ops commands only"): whom alerts reach and what they watch come from
// the environment, checked before ops:plan sends anything.
import { DEFAULT_SYNTHETICS_LOCATIONS, DEFAULT_SYNTHETICS_TICK_EVERY, parseOpsEnv } from '@/config/opsEnv';
import { EnvError } from '@/config/parse';
import { OPS_ENV } from './support/opsConfig';

const problems = (env: Record<string, string | undefined>) => {
  try {
    parseOpsEnv(env);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
};

describe('the ops settings', () => {
  it('reads handles by severity, the environment, the RUM application and the synthetic locations', () => {
    expect(parseOpsEnv(OPS_ENV)).toEqual({
      env: 'production',
      rumApplicationId: 'rum-application-of-the-tests',
      notify: { critical: ['@pagerduty-microsites', '@oncall@example.com'], warning: ['@slack-microsites-alerts'] },
      synthetics: { locations: ['aws:eu-central-1', 'aws:us-east-2'], tickEverySeconds: DEFAULT_SYNTHETICS_TICK_EVERY },
    });
  });

  it('falls back to the build’s RUM application, three managed locations and the default frequency', () => {
    const { OPS_RUM_APPLICATION_ID: _, OPS_SYNTHETICS_LOCATIONS: __, ...rest } = OPS_ENV;
    const config = parseOpsEnv({ ...rest, NEXT_PUBLIC_DATADOG_APPLICATION_ID: 'built-with' });
    expect(config.rumApplicationId).toBe('built-with');
    expect(config.synthetics.locations).toEqual(DEFAULT_SYNTHETICS_LOCATIONS);
  });

  it.each([
    [{ OPS_NOTIFY_CRITICAL: '' }, /^Invalid environment variable OPS_NOTIFY_CRITICAL: required/],
    [{ OPS_NOTIFY_WARNING: 'slack-microsites' }, /OPS_NOTIFY_WARNING: "slack-microsites" is not a Datadog handle/],
    [{ OPS_NOTIFY_CRITICAL: '@pagerduty-microsites, @x y' }, /OPS_NOTIFY_CRITICAL: "y" is not a Datadog handle/],
    [{ OPS_RUM_APPLICATION_ID: ' ' }, /OPS_RUM_APPLICATION_ID: required/],
    [
      { OPS_SYNTHETICS_LOCATIONS: 'aws:eu-central-1 frankfurt' },
      /OPS_SYNTHETICS_LOCATIONS: "frankfurt" is not a Datadog location/,
    ],
    [{ OPS_SYNTHETICS_TICK_EVERY: '10' }, /OPS_SYNTHETICS_TICK_EVERY: expected seconds between 30 and 604800, got 10/],
    [{ OPS_SYNTHETICS_TICK_EVERY: 'often' }, /OPS_SYNTHETICS_TICK_EVERY: expected a positive whole number/],
  ])('%j is refused, naming the variable', (change, message) => {
    expect(problems({ ...OPS_ENV, ...change })).toEqual([expect.stringMatching(message)]);
  });
});
