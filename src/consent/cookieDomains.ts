/**
 * The host and each parent domain (`a.b.example.com`: itself, `b.example.com`, `example.com`,
 * `com`): SDKs may set their cookies on the widest domain that takes them (Amplitude and Datadog
 * probe for it), and a cookie is deleted only on the domain it was set on. The browser ignores a
 * public suffix.
 */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.replace(/\.$/, '').split('.');
  return labels.map((_label, index) => labels.slice(index).join('.'));
}
