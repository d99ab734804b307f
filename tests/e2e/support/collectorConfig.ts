/**
 * Where the end-to-end build sends analytics and monitoring: a local collector the tests start.
 * NEXT_PUBLIC_* values are inlined at build time, so the e2e build bakes these in.
 */
export const COLLECTOR_PORT = Number(process.env.E2E_COLLECTOR_PORT ?? 4100);
export const COLLECTOR_URL = `http://localhost:${COLLECTOR_PORT}`;

export const E2E_KEYS = {
  amplitude: 'e2e-amplitude-api-key-000000',
  segment: 'e2e-segment-write-key-000000',
} as const;

/** Environment for `next build` in the e2e run. */
export const E2E_BUILD_ENV: Record<string, string> = {
  NEXT_PUBLIC_AMPLITUDE_API_KEY: E2E_KEYS.amplitude,
  NEXT_PUBLIC_AMPLITUDE_SERVER_URL: `${COLLECTOR_URL}/amplitude/2/httpapi`,
  NEXT_PUBLIC_AMPLITUDE_REMOTE_CONFIG_URL: `${COLLECTOR_URL}/amplitude/config`,
  NEXT_PUBLIC_SEGMENT_WRITE_KEY: E2E_KEYS.segment,
  NEXT_PUBLIC_SEGMENT_API_HOST: `${COLLECTOR_URL}/segment/v1`,
  NEXT_PUBLIC_SEGMENT_CDN_URL: `${COLLECTOR_URL}/segment-cdn`,
};
