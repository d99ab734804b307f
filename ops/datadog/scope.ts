// What every ops object shares: the search that scopes a query to this site's service, environment
// and RUM application, whom a monitor notifies at each severity, and how a message names a group
// (docs/ops.md, "Monitors").
import type { OpsConfig, Severity } from '../../src/config/opsEnv';
import { PROXY_SERVICE, RUM, SERVER_SERVICE, SERVICE, TAGS } from './facets';

export interface Scopes {
  /** RUM events of this application in this environment. */
  rum: string;
  /** The instances' log lines. */
  server: string;
  /** The proxy's log lines. */
  proxy: string;
  /** Kubernetes metrics of the site's pods (each component's service starts with the site's). */
  metrics: string;
}

export function scopes({ env, rumApplicationId }: Pick<OpsConfig, 'env' | 'rumApplicationId'>): Scopes {
  return {
    rum: `${TAGS.service}:${SERVICE} ${TAGS.env}:${env} ${RUM.applicationId}:${rumApplicationId}`,
    server: `${TAGS.service}:${SERVER_SERVICE} ${TAGS.env}:${env}`,
    proxy: `${TAGS.service}:${PROXY_SERVICE} ${TAGS.env}:${env}`,
    metrics: `${TAGS.service}:${SERVICE}*,${TAGS.env}:${env}`,
  };
}

/**
 * The handles a monitor's message names: a critical monitor pages its handles when it alerts and
 * tells the warning ones when it only warns; a warning monitor tells the warning handles. Both
 * hear the recovery of what they were told.
 */
export function notification(notify: OpsConfig['notify'], severity: Severity): string {
  const critical = notify.critical.join(' ');
  const warning = notify.warning.join(' ');
  if (severity === 'warning')
    return `{{#is_alert}}${warning}{{/is_alert}}{{#is_warning}}${warning}{{/is_warning}}{{#is_recovery}}${warning}{{/is_recovery}}`;
  return `{{#is_alert}}${critical}{{/is_alert}}{{#is_warning}}${warning}{{/is_warning}}{{#is_alert_recovery}}${critical}{{/is_alert_recovery}}{{#is_warning_recovery}}${warning}{{/is_warning_recovery}}`;
}

/** A group's value in a message, in the form Datadog documents: a facet with dots goes in brackets. */
export const groupName = (facet: string) => (facet.includes('.') ? `{{[${facet}].name}}` : `{{${facet}.name}}`);
