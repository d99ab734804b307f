import { z } from 'zod';
import { matching, parseEnv, variable, type Env } from './parse';
import { addressRanges, type AddressRange } from './trustedProxies';

/** How the caching proxy (deploy/) finds the visitor's country, parsed once for its configuration. */
export interface EdgeEnv {
  /**
   * The request header a CDN in front writes the visitor's ISO country into (`CF-IPCountry`,
   * `CloudFront-Viewer-Country`), lower-cased; it wins over the proxy's own GeoIP lookup where it
   * gives a code. Unset: GeoIP alone (docs/consent.md, "The visitor's country").
   */
  consentCountryHeader: string | undefined;
  /**
   * The load balancers whose X-Forwarded-For names the visitor's address for the GeoIP lookup
   * (PROXY_TRUSTED_FORWARDERS, default loopback); any other peer is looked up by its own address.
   */
  trustedForwarders: readonly AddressRange[];
}

export const edgeEnvSchema = z
  .object({
    // An HTTP field name (RFC 9110, 5.1), as CDNs name theirs: letters, digits and hyphens.
    CONSENT_COUNTRY_HEADER: variable(
      matching(/^[A-Za-z0-9-]+$/, "a request header's name, such as CF-IPCountry")
        .toLowerCase()
        .optional(),
    ),
    PROXY_TRUSTED_FORWARDERS: variable(addressRanges()),
  })
  .transform((env): EdgeEnv => ({
    consentCountryHeader: env.CONSENT_COUNTRY_HEADER,
    trustedForwarders: env.PROXY_TRUSTED_FORWARDERS,
  }));

export const parseEdgeEnv = (env: Env): EdgeEnv => parseEnv(edgeEnvSchema, env);
