/**
 * Where a marketer can open a host: `{domain}.localhost` on the microsites port when the
 * microsites site runs locally, else the live domain.
 */
export function previewUrl(domain: string, micrositesBaseUrl: string): string {
  const base = new URL(micrositesBaseUrl);
  if (base.hostname === 'localhost' || base.hostname === '127.0.0.1') {
    return `${base.protocol}//${domain}.localhost${base.port ? `:${base.port}` : ''}/`;
  }
  return `https://${domain}/`;
}
