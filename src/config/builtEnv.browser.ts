// The browser's builtEnv.ts (next.config.js aliases it): next.config.js parses NEXT_PUBLIC_* with
// the schemas at build time and inlines the result as MICROSITES_BUILT_ENV, so the page carries
// plain values and no parser.
import type { BuiltEnv } from './builtEnv';

export const { publicEnv, publicAnalyticsConfig, publicMonitoringConfig }: BuiltEnv = JSON.parse(
  process.env.MICROSITES_BUILT_ENV as string,
);
