import type { NextApiRequest, NextApiResponse } from 'next';
import { publicMonitoringConfig } from '@/config/builtEnv';
import { serverEnv } from '@/config/serverEnv';
import { cspReportForward } from '@/monitoring/cspReports';
import { handleProxyRequest } from '@/monitoring/proxyHandler';
import { createConcurrencyLimit, createRateLimiter } from '@/monitoring/proxyLimits';
import { tenantName } from '@/tenancy/tenantName';

/** The Safari fallback proxy (spec §7 call 9). All decisions live in src/monitoring/proxyHandler. */
export const config = { api: { bodyParser: false } };

// A visitor's SDK sends a batch every few seconds at most; bursts of 60, then one a second.
const rateLimit = createRateLimiter({ burst: 60, perSecond: 1 });
const upstream = createConcurrencyLimit(64);
const cspReports = publicMonitoringConfig.enabled ? cspReportForward(publicMonitoringConfig) : undefined;

export default async function monitoringProxy(req: NextApiRequest, res: NextApiResponse) {
  const response = await handleProxyRequest(
    {
      method: req.method,
      url: req.url,
      headers: req.headers,
      // Stopping at the size limit must not reset the socket, or the browser never sees the 413.
      body: req.iterator({ destroyOnReturn: false }),
      remoteAddress: req.socket.remoteAddress,
    },
    {
      fetch,
      ...serverEnv.monitoringProxy,
      cspReportForward: cspReports,
      trustProxyHops: serverEnv.trustProxyHops,
      tenantOf: tenantName,
      rateLimit,
      upstream,
    },
  );
  res.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(response.body);
}
