// Datadog Synthetics API tests as code (docs/ops.md, "Synthetic tests"): for every host of
// tenants/domains.json, one HTTP test that its page answers 200 over a valid certificate and is
// the host's own page (its canonical link), and one SSL test that its certificate has more than
// 14 days left. They are what tells ops that one host is dark, whatever RUM sees.
import type { v1 } from '@datadog/datadog-api-client';
import type { OpsConfig } from '../../src/config/opsEnv';
import { pageUrl } from '../../src/seo/urls';
import { canonicalHostIndex } from '../../src/tenancy/canonicalHost';
import { DOMAIN_ENTRIES } from '../../src/tenancy/tenantMap';
import type { DomainEntry } from '../../src/tenancy/types';
import { managedTags, runbook } from './monitors';
import { notification } from './scope';

export interface ManagedSyntheticTest {
  opsId: string;
  test: v1.SyntheticsAPITest;
}

/** Days a certificate must have left; cert-manager renews at 30 (docs/deploy.md, "Certificates"). */
const CERTIFICATE_DAYS_LEFT = 14;
/** How often a certificate is looked at: it changes on renewal, not by the minute. */
const SSL_TICK_EVERY = 6 * 60 * 60;

/** The text the HTTP test expects in a host's page: the start of the canonical link the page writes (src/landing/components/LandingHead.tsx; Next adds its own attribute after the address). */
const canonicalLink = (canonical: string, locale: DomainEntry['locales'][number]) =>
  `<link rel="canonical" href="${pageUrl(canonical, locale)}"`;

export function syntheticTests(
  config: OpsConfig,
  entries: readonly DomainEntry[] = DOMAIN_ENTRIES,
): ManagedSyntheticTest[] {
  const canonicalOf = canonicalHostIndex(entries);
  const { locations, tickEverySeconds } = config.synthetics;
  // Two locations failing together is the host, not one location's network.
  const minLocationFailed = Math.min(2, locations.length);
  return entries.flatMap((entry) => {
    const locale = entry.locales[0]!;
    const url = pageUrl(entry.domain, locale);
    const canonical = canonicalOf.get(entry.path) ?? entry.domain;
    const tags = (opsId: string) => [...managedTags(opsId, config.env), `tenant_host:${entry.domain}`];
    const page: ManagedSyntheticTest = {
      opsId: `microsites-page-${entry.domain}`,
      test: {
        name: `Microsites: ${entry.domain} answers with its page`,
        type: 'api',
        subtype: 'http',
        config: {
          request: { method: 'GET', url, headers: { 'accept-language': locale }, timeout: 30 },
          assertions: [
            { type: 'statusCode', operator: 'is', target: 200 },
            { type: 'header', property: 'content-type', operator: 'contains', target: 'text/html' },
            { type: 'body', operator: 'contains', target: canonicalLink(canonical, locale) },
          ],
        },
        locations,
        message: runbook(
          `${url} failed from ${minLocationFailed} or more locations: the status, the host's own page, or a valid certificate (an invalid one fails the request).`,
          [
            "Open the host in a browser: its page, the branded 503 (no instance: see the 503 monitor), another host's page (the tenant map), or a certificate error?",
            'The proxy dashboard filtered on the host: requests arriving, and with which status?',
            'tenants/domains.json on the deployed commit: is the host still an entry, with this path? DNS and the certificate Secret `microsites-tls-<host>`.',
          ],
          notification(config.notify, 'critical'),
        ),
        options: {
          tickEvery: tickEverySeconds,
          minLocationFailed,
          minFailureDuration: 0,
          retry: { count: 1, interval: 10_000 },
          allowInsecure: false,
          followRedirects: false,
          monitorPriority: 1,
        },
        tags: tags(`microsites-page-${entry.domain}`),
      },
    };
    const certificate: ManagedSyntheticTest = {
      opsId: `microsites-certificate-${entry.domain}`,
      test: {
        name: `Microsites: the certificate of ${entry.domain} has more than ${CERTIFICATE_DAYS_LEFT} days left`,
        type: 'api',
        subtype: 'ssl',
        config: {
          request: { host: entry.domain, port: 443, servername: entry.domain },
          assertions: [
            { type: 'certificate', operator: 'isInMoreThan', target: CERTIFICATE_DAYS_LEFT },
            { type: 'tlsVersion', operator: 'moreThanOrEqual', target: 1.2 },
          ],
        },
        locations: locations.slice(0, 1),
        message: runbook(
          `The certificate ${entry.domain} is served with expires within ${CERTIFICATE_DAYS_LEFT} days: cert-manager should have renewed it at 30.`,
          [
            '`kubectl describe certificate microsites-tls-' +
              entry.domain +
              '` and its CertificateRequest and Order: why did the renewal fail?',
            'The HTTP-01 challenge: does http://' +
              entry.domain +
              '/.well-known/acme-challenge/ reach the solver (docs/deploy.md, "Certificates")?',
            "The Issuer `microsites-acme`: its account and server; Let's Encrypt's rate limits for the domain.",
          ],
          notification(config.notify, 'warning'),
        ),
        options: {
          tickEvery: SSL_TICK_EVERY,
          minLocationFailed: 1,
          checkCertificateRevocation: true,
          monitorPriority: 3,
        },
        tags: tags(`microsites-certificate-${entry.domain}`),
      },
    };
    return [page, certificate];
  });
}
