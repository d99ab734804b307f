// The NEXT_PUBLIC_* settings as the build saw them, parsed by the public audience's schemas. The
// browser gets builtEnv.browser.ts in this module's place (next.config.js): the values, no parser.
import { parseAnalyticsEnv, type AnalyticsConfig } from './analyticsEnv';
import { parseMonitoringEnv, type MonitoringConfig } from './monitoringEnv';
import { parseAll, type Env } from './parse';
import { parsePublicEnv, type PublicEnv } from './publicEnv';

export interface BuiltEnv {
  publicEnv: PublicEnv;
  publicAnalyticsConfig: AnalyticsConfig;
  publicMonitoringConfig: MonitoringConfig;
}

/** The public audience's schemas together, every bad variable of the three named at once. */
export const parseBuiltEnv = (env: Env): BuiltEnv =>
  parseAll({
    publicEnv: () => parsePublicEnv(env),
    publicAnalyticsConfig: () => parseAnalyticsEnv(env),
    publicMonitoringConfig: () => parseMonitoringEnv(env),
  });

// Next's bundles, the browser's too, and the standalone server.js carry the build's parse as JSON
// (next.config.js, scripts/standalone.ts); scripts and tests parse their own environment.
const inlined = process.env.MICROSITES_BUILT_ENV;
export const { publicEnv, publicAnalyticsConfig, publicMonitoringConfig }: BuiltEnv = inlined
  ? JSON.parse(inlined)
  : parseBuiltEnv(process.env);

/** This module's values as the JSON next.config.js and scripts/standalone.ts inline as MICROSITES_BUILT_ENV. */
export const builtEnvJson = (): string =>
  JSON.stringify({ publicEnv, publicAnalyticsConfig, publicMonitoringConfig } satisfies BuiltEnv);
