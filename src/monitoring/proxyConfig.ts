import { EnvError, readString, readUrl } from '@/config/parse';
import { readDatadogSite } from './config';
import { intakeOriginForSite } from './proxy';

/** Server-side settings of the Safari fallback proxy, parsed once. */
export interface ProxyEnv {
  /** Where intake requests go: the Datadog site's intake, or a local collector in tests. */
  intakeBase: string;
  /** Only requests for this client token are forwarded; undefined when monitoring is off. */
  clientToken: string | undefined;
}

export function parseProxyEnv(env: Record<string, string | undefined>): ProxyEnv {
  const intakeBase = readUrl('DATADOG_INTAKE_URL', env.DATADOG_INTAKE_URL, intakeOriginForSite(readDatadogSite(env.NEXT_PUBLIC_DATADOG_SITE)));
  const { search, hash } = new URL(intakeBase);
  if (search || hash) throw new EnvError('DATADOG_INTAKE_URL', `expected an origin or path without query or fragment, got ${JSON.stringify(intakeBase)}`);
  return {
    intakeBase,
    clientToken: readString('NEXT_PUBLIC_DATADOG_CLIENT_TOKEN', env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN),
  };
}

export const proxyEnv: ProxyEnv = parseProxyEnv({
  DATADOG_INTAKE_URL: process.env.DATADOG_INTAKE_URL,
  NEXT_PUBLIC_DATADOG_SITE: process.env.NEXT_PUBLIC_DATADOG_SITE,
  NEXT_PUBLIC_DATADOG_CLIENT_TOKEN: process.env.NEXT_PUBLIC_DATADOG_CLIENT_TOKEN,
});
