// The ops settings the tests plan with (src/config/opsEnv.ts): handles of both severities, the
// environment and RUM application the queries are scoped to, two synthetic locations.
import { parseOpsEnv } from '@/config/opsEnv';

export const OPS_ENV = {
  OPS_NOTIFY_CRITICAL: '@pagerduty-microsites @oncall@example.com',
  OPS_NOTIFY_WARNING: '@slack-microsites-alerts',
  OPS_ENV: 'production',
  OPS_RUM_APPLICATION_ID: 'rum-application-of-the-tests',
  OPS_SYNTHETICS_LOCATIONS: 'aws:eu-central-1 aws:us-east-2',
};

export const OPS_CONFIG = parseOpsEnv(OPS_ENV);
