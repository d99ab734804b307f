import { readString, readUrl } from '@/config/parse';

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

export function parseAnalyticsEnv(env: Record<string, string | undefined>): AnalyticsConfig {
  const amplitudeKey = readString('NEXT_PUBLIC_AMPLITUDE_API_KEY', env.NEXT_PUBLIC_AMPLITUDE_API_KEY);
  const segmentKey = readString('NEXT_PUBLIC_SEGMENT_WRITE_KEY', env.NEXT_PUBLIC_SEGMENT_WRITE_KEY);
  return {
    amplitude: amplitudeKey
      ? {
          apiKey: amplitudeKey,
          serverUrl: readUrl('NEXT_PUBLIC_AMPLITUDE_SERVER_URL', env.NEXT_PUBLIC_AMPLITUDE_SERVER_URL),
          remoteConfigUrl: readUrl('NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL', env.NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL),
        }
      : undefined,
    segment: segmentKey
      ? {
          writeKey: segmentKey,
          apiHost: readUrl('NEXT_PUBLIC_SEGMENT_API_HOST', env.NEXT_PUBLIC_SEGMENT_API_HOST),
          cdnUrl: readUrl('NEXT_PUBLIC_SEGMENT_CDN_URL', env.NEXT_PUBLIC_SEGMENT_CDN_URL),
        }
      : undefined,
  };
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
