/** Whether the microsites site runs locally, where `{domain}.localhost` previews every host. */
export function isLocalBaseUrl(micrositesBaseUrl: string): boolean {
  const { hostname } = new URL(micrositesBaseUrl);
  return hostname === 'localhost' || hostname === '127.0.0.1';
}

/**
 * Where a marketer can open a host: `{domain}.localhost` on the microsites port when the
 * microsites site runs locally, else the live domain.
 */
export function previewUrl(domain: string, micrositesBaseUrl: string): string {
  if (!isLocalBaseUrl(micrositesBaseUrl)) return `https://${domain}/`;
  const base = new URL(micrositesBaseUrl);
  return `${base.protocol}//${domain}.localhost${base.port ? `:${base.port}` : ''}/`;
}
