import { z } from 'zod';
import { httpUrl, parseEnv, variable, type Env } from './parse';

/**
 * Analytics configuration from the environment (NEXT_PUBLIC_*, inlined at build time). A client
 * without its key is off; with only the key it uses its vendor's default endpoints.
 */
export interface AnalyticsConfig {
  amplitude?: {
    apiKey: string;
    /** Ingestion endpoint override (the full URL the SDK posts to). */
    serverUrl?: string;
    /** Remote-config endpoint override; the SDK fetches it even when opted out. */
    remoteConfigUrl?: string;
  };
  segment?: {
    writeKey: string;
    /** Tracking API base, e.g. https://api.segment.io/v1. */
    apiHost?: string;
    /** Settings CDN base; settings come from {cdn}/v1/projects/{writeKey}/settings. */
    cdnUrl?: string;
  };
}

// Endpoints are checked even without their key, so a typo is reported before the key is added.
export const analyticsEnvSchema = z
  .object({
    NEXT_PUBLIC_AMPLITUDE_API_KEY: variable(z.string().optional()),
    NEXT_PUBLIC_AMPLITUDE_SERVER_URL: variable(httpUrl().optional()),
    NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: variable(httpUrl().optional()),
    NEXT_PUBLIC_SEGMENT_WRITE_KEY: variable(z.string().optional()),
    NEXT_PUBLIC_SEGMENT_API_HOST: variable(httpUrl().optional()),
    NEXT_PUBLIC_SEGMENT_CDN_URL: variable(httpUrl().optional()),
  })
  .transform((env): AnalyticsConfig => ({
    amplitude: env.NEXT_PUBLIC_AMPLITUDE_API_KEY
      ? {
          apiKey: env.NEXT_PUBLIC_AMPLITUDE_API_KEY,
          serverUrl: env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL,
          remoteConfigUrl: env.NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL,
        }
      : undefined,
    segment: env.NEXT_PUBLIC_SEGMENT_WRITE_KEY
      ? {
          writeKey: env.NEXT_PUBLIC_SEGMENT_WRITE_KEY,
          apiHost: env.NEXT_PUBLIC_SEGMENT_API_HOST,
          cdnUrl: env.NEXT_PUBLIC_SEGMENT_CDN_URL,
        }
      : undefined,
  }));

export const parseAnalyticsEnv = (env: Env): AnalyticsConfig => parseEnv(analyticsEnvSchema, env);
