import { z } from 'zod';
import { envSchema, httpUrl, parseEnv, type Env } from './parse';

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
export const analyticsEnvSchema = envSchema({
  amplitudeKey: ['NEXT_PUBLIC_AMPLITUDE_API_KEY', z.string().optional()],
  amplitudeServerUrl: ['NEXT_PUBLIC_AMPLITUDE_SERVER_URL', httpUrl().optional()],
  amplitudeRemoteConfigUrl: ['NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL', httpUrl().optional()],
  segmentKey: ['NEXT_PUBLIC_SEGMENT_WRITE_KEY', z.string().optional()],
  segmentApiHost: ['NEXT_PUBLIC_SEGMENT_API_HOST', httpUrl().optional()],
  segmentCdnUrl: ['NEXT_PUBLIC_SEGMENT_CDN_URL', httpUrl().optional()],
}).transform((env): AnalyticsConfig => ({
  amplitude: env.amplitudeKey
    ? { apiKey: env.amplitudeKey, serverUrl: env.amplitudeServerUrl, remoteConfigUrl: env.amplitudeRemoteConfigUrl }
    : undefined,
  segment: env.segmentKey
    ? { writeKey: env.segmentKey, apiHost: env.segmentApiHost, cdnUrl: env.segmentCdnUrl }
    : undefined,
}));

export const parseAnalyticsEnv = (env: Env): AnalyticsConfig => parseEnv(analyticsEnvSchema, env);
