import type { AnalyticsConfig } from '@/config/analyticsEnv';
import { intakeOriginForSite } from '@/config/datadogSite';
import type { MonitoringConfig } from '@/config/monitoringEnv';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from '@/monitoring/cspReports';

/**
 * The security headers of every response, computed once per build from the same
 * parsed environment the browser code was built with (see scripts/security-headers.ts).
 */

/** Where the browser code may connect, beyond its own origin. */
export interface PolicyInputs {
  analytics: AnalyticsConfig;
  monitoring: MonitoringConfig;
  /** The storage-spots API the page refreshes from in the browser, when configured. */
  graphqlUrl: string | undefined;
  /** sha256 hashes (base64) of the inline scripts the built pages carry. */
  scriptHashes: readonly string[];
}

// The vendors' own endpoints when the environment names none (their SDKs' defaults).
const AMPLITUDE_API = 'https://api2.amplitude.com';
const AMPLITUDE_REMOTE_CONFIG = 'https://sr-client-cfg.amplitude.com';
const SEGMENT_API = 'https://api.segment.io';
const SEGMENT_CDN = 'https://cdn.segment.com';

/**
 * Spec §7 call 5, visual tagging (docs/analytics.md): the window Amplitude's SDK takes messages from
 * in the US zone the SDK is set to (AMPLITUDE_ORIGINS_MAP in @amplitude/analytics-core 2.x), and
 * the two scripts it then loads (@amplitude/plugin-autocapture-browser 1.29.4 and analytics-core's
 * messenger constants). A CSP source with a path allows that one file.
 */
export const ANALYTICS_PROVIDER_ORIGIN = 'https://app.amplitude.com';
export const VISUAL_TAGGING_SCRIPTS = [
  'https://cdn.amplitude.com/libs/visual-tagging-selector-1.0.0-alpha.js.gz',
  'https://cdn.amplitude.com/libs/background-capture-1.1.0.js.gz',
] as const;

const originOf = (url: string) => new URL(url).origin;

/** The exact origins the page's scripts call: analytics, monitoring (or its proxy) and the GraphQL API. */
export function connectOrigins({ analytics, monitoring, graphqlUrl }: Omit<PolicyInputs, 'scriptHashes'>): string[] {
  const urls: string[] = [];
  if (analytics.amplitude)
    urls.push(
      analytics.amplitude.serverUrl ?? AMPLITUDE_API,
      analytics.amplitude.remoteConfigUrl ?? AMPLITUDE_REMOTE_CONFIG,
    );
  if (analytics.segment) urls.push(analytics.segment.apiHost ?? SEGMENT_API, analytics.segment.cdnUrl ?? SEGMENT_CDN);
  if (monitoring.enabled) urls.push(monitoring.proxyUrl ?? intakeOriginForSite(monitoring.site));
  if (graphqlUrl) urls.push(graphqlUrl);
  return [...new Set(urls.map(originOf))].sort();
}

/** The policy; `extraScripts` are the exact script URLs a page opened from the provider may load. */
export function contentSecurityPolicy(inputs: PolicyInputs, extraScripts: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No 'unsafe-inline': the document's inline starters are allowed by their hashes.
    'script-src': ["'self'", ...inputs.scriptHashes.map((hash) => `'sha256-${hash}'`), ...extraScripts],
    // styled-components writes <style> elements; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectOrigins(inputs)],
    // Session replay compresses in a worker the SDK creates from a blob.
    'worker-src': ['blob:'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // What the policy blocks is reported to Datadog through the site's own telemetry proxy: a
  // vendor script switched on outside this code shows up as a log instead of failing unseen.
  // report-to for browsers with the Reporting API, report-uri for the rest (they ignore it otherwise).
  if (inputs.monitoring.enabled) {
    directives['report-uri'] = [CSP_REPORT_PATH];
    directives['report-to'] = [CSP_REPORT_GROUP];
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Two years, as the HSTS preload list asks; `preload` itself is off (see docs/security.md). */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

export interface SecurityHeaders {
  /** On every response. */
  all: Record<string, string>;
  /** Added on responses to https requests only. */
  https: Record<string, string>;
  /**
   * With Amplitude on: replaces headers of `all` on a response to a navigation from the provider's
   * window, the only case the visual-tagging script may load in (serverHeaders.ts decides).
   */
  openedFromProvider?: { origin: string; headers: Record<string, string> };
}

export function securityHeaders(inputs: PolicyInputs): SecurityHeaders {
  return {
    all: {
      'content-security-policy': contentSecurityPolicy(inputs),
      ...(inputs.monitoring.enabled && { 'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` }),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy':
        'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      'cross-origin-opener-policy': 'same-origin',
    },
    https: { 'strict-transport-security': STRICT_TRANSPORT_SECURITY },
    ...(inputs.analytics.amplitude && {
      openedFromProvider: {
        origin: ANALYTICS_PROVIDER_ORIGIN,
        headers: {
          'content-security-policy': contentSecurityPolicy(inputs, VISUAL_TAGGING_SCRIPTS),
          // same-origin would cut window.opener, which is how the SDK knows to listen at all.
          'cross-origin-opener-policy': 'unsafe-none',
          // Never kept by a cache for other visitors (pages are otherwise cached per URL).
          'cache-control': 'private, no-store',
        },
      },
    }),
  };
}

// An inline script the browser runs: no src, and no data type such as JSON or JSON-LD.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/** The source texts of the inline scripts in a page's HTML, as CSP hashes them. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? '');
}
