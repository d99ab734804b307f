import type { z } from 'zod';
import { envSchema, matching, parseEnv, type Env } from './parse';
import { addressRanges } from './trustedProxies';

/** How the caching proxy (deploy/) finds the visitor's country, parsed once for its configuration. */
export const edgeEnvSchema = envSchema({
  /**
   * The request header a CDN in front writes the visitor's ISO country into (`CF-IPCountry`,
   * `CloudFront-Viewer-Country`), lower-cased; it wins over the proxy's own GeoIP lookup where it
   * gives a code. Unset: GeoIP alone (docs/consent.md, "The visitor's country"). An HTTP field name
   * (RFC 9110, 5.1), as CDNs name theirs: letters, digits and hyphens.
   */
  consentCountryHeader: [
    'CONSENT_COUNTRY_HEADER',
    matching(/^[A-Za-z0-9-]+$/, "a request header's name, such as CF-IPCountry")
      .toLowerCase()
      .optional(),
  ],
  /**
   * The load balancers whose X-Forwarded-For names the visitor's address for the GeoIP lookup
   * (default loopback); any other peer is looked up by its own address.
   */
  trustedForwarders: ['PROXY_TRUSTED_FORWARDERS', addressRanges()],
});
export type EdgeEnv = z.output<typeof edgeEnvSchema>;

export const parseEdgeEnv = (env: Env): EdgeEnv => parseEnv(edgeEnvSchema, env);
