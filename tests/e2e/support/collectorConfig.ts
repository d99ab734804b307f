/**
 * Where the end-to-end build sends analytics and monitoring: a local collector the tests start.
 * NEXT_PUBLIC_* values are inlined at build time, so the e2e build bakes these in.
 */
export const COLLECTOR_PORT = Number(process.env.E2E_COLLECTOR_PORT ?? 4100);
export const COLLECTOR_URL = `http://localhost:${COLLECTOR_PORT}`;

export const E2E_KEYS = {
  amplitude: 'e2e-amplitude-api-key-000000',
  segment: 'e2e-segment-write-key-000000',
  datadogApplicationId: '00000000-0000-4000-8000-0000000000e2',
  datadogClientToken: 'pube2e0000000000000000000000000000',
} as const;

export const E2E_COMMIT_SHA = 'e2e-commit-sha';

/** Environment for `next build` in the e2e run. */
export const E2E_BUILD_ENV: Record<string, string> = {
  NEXT_PUBLIC_AMPLITUDE_API_KEY: E2E_KEYS.amplitude,
  NEXT_PUBLIC_AMPLITUDE_SERVER_URL: `${COLLECTOR_URL}/amplitude/2/httpapi`,
  NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: `${COLLECTOR_URL}/amplitude/config`,
  NEXT_PUBLIC_SEGMENT_WRITE_KEY: E2E_KEYS.segment,
  NEXT_PUBLIC_SEGMENT_API_HOST: `${COLLECTOR_URL}/segment/v1`,
  NEXT_PUBLIC_SEGMENT_CDN_URL: `${COLLECTOR_URL}/segment-cdn`,
  NEXT_PUBLIC_DATADOG_APPLICATION_ID: E2E_KEYS.datadogApplicationId,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: E2E_KEYS.datadogClientToken,
  NEXT_PUBLIC_DATADOG_ENV: 'e2e',
  NEXT_PUBLIC_COMMIT_SHA: E2E_COMMIT_SHA,
  // The SDK posts {proxy}?ddforward=… to the collector, uncompressed so tests can read it.
  NEXT_PUBLIC_DATADOG_PROXY_URL: `${COLLECTOR_URL}/datadog`,
  NEXT_PUBLIC_DATADOG_COMPRESS_INTAKE: 'false',
};

/** Environment for `next start` in the e2e run: the Safari fallback proxy forwards to the collector. */
export const E2E_SERVER_ENV: Record<string, string> = {
  DATADOG_INTAKE_URL: `${COLLECTOR_URL}/datadog-intake`,
};
