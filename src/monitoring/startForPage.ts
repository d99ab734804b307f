import Router from 'next/router';
import { detectBot } from '@/base/botDetection';
import { publicMonitoringConfig } from '@/config/builtEnv';
import { globalPrivacyControl } from '@/consent/browserConsent';
import { tenantContext } from './context';
import { startMonitoring, type MonitoringHandle } from './startMonitoring';

export { withdrawMonitoring } from './startMonitoring';

/** Loaded on demand by useMonitoring: starts monitoring for the page the visitor is on. */
export async function startForPage(): Promise<MonitoringHandle | undefined> {
  if (!publicMonitoringConfig.enabled) return undefined;
  const isBot = await detectBot();
  const tenant = tenantContext({ host: window.location.host, slug: Router.query.slug, type: Router.query.type });
  const handle = await startMonitoring({
    config: publicMonitoringConfig,
    locale: Router.locale ?? 'en',
    tenant,
    isBot,
    globalPrivacyControl: globalPrivacyControl(),
  });
  // The language may have changed while the SDKs loaded.
  handle?.setLocale(Router.locale ?? 'en');
  return handle;
}
