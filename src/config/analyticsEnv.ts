import { envReader, type Env } from './parse';

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

export function parseAnalyticsEnv(env: Env): AnalyticsConfig {
  const read = envReader(env);
  const amplitudeKey = read.string('NEXT_PUBLIC_AMPLITUDE_API_KEY');
  const segmentKey = read.string('NEXT_PUBLIC_SEGMENT_WRITE_KEY');
  // Endpoints are read even without their key, so a typo is reported before the key is added.
  const amplitude = {
    serverUrl: read.url('NEXT_PUBLIC_AMPLITUDE_SERVER_URL'),
    remoteConfigUrl: read.url('NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL'),
  };
  const segment = {
    apiHost: read.url('NEXT_PUBLIC_SEGMENT_API_HOST'),
    cdnUrl: read.url('NEXT_PUBLIC_SEGMENT_CDN_URL'),
  };
  return read.done({
    amplitude: amplitudeKey ? { apiKey: amplitudeKey, ...amplitude } : undefined,
    segment: segmentKey ? { writeKey: segmentKey, ...segment } : undefined,
  });
}

export const publicAnalyticsConfig: AnalyticsConfig = parseAnalyticsEnv({
  NEXT_PUBLIC_AMPLITUDE_API_KEY: process.env.NEXT_PUBLIC_AMPLITUDE_API_KEY,
  NEXT_PUBLIC_AMPLITUDE_SERVER_URL: process.env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL,
  NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: process.env.NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL,
  NEXT_PUBLIC_SEGMENT_WRITE_KEY: process.env.NEXT_PUBLIC_SEGMENT_WRITE_KEY,
  NEXT_PUBLIC_SEGMENT_API_HOST: process.env.NEXT_PUBLIC_SEGMENT_API_HOST,
  NEXT_PUBLIC_SEGMENT_CDN_URL: process.env.NEXT_PUBLIC_SEGMENT_CDN_URL,
});

/** Keys are logged cut to 10 characters (spec §9). */
export const redactKey = (key: string): string => `${key.slice(0, 10)}…`;
