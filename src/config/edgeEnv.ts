import { envReader, type Env } from './parse';
import { readTrustedProxies, type AddressRange } from './trustedProxies';

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

/** An HTTP field name (RFC 9110, 5.1), as CDNs name theirs: letters, digits and hyphens. */
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

export function parseEdgeEnv(env: Env): EdgeEnv {
  const read = envReader(env);
  const consentCountryHeader = read.string('CONSENT_COUNTRY_HEADER');
  if (consentCountryHeader !== undefined && !HEADER_NAME.test(consentCountryHeader)) {
    read.problem(
      'CONSENT_COUNTRY_HEADER',
      `expected a request header's name, such as CF-IPCountry, got ${JSON.stringify(consentCountryHeader)}`,
    );
  }
  return read.done({
    consentCountryHeader: consentCountryHeader?.toLowerCase(),
    trustedForwarders: readTrustedProxies(read, 'PROXY_TRUSTED_FORWARDERS'),
  });
}
