import type { LogsEvent } from '@datadog/browser-logs';
import type { RumEvent, RumEventDomainContext } from '@datadog/browser-rum';
import { sharedPayload, sharedReferrer } from '@/consent/sharedPayload';

/** Spec §8: monitoring errors of these types are dropped before sending. */
const IGNORED_ERROR_TYPES: readonly string[] = ['IgnoredEventCancel', 'IgnorableError'];

/** An error the app expects and does not want reported. Its name survives minification. */
export class IgnorableError extends Error {
  override name = 'IgnorableError';
}

const isIgnoredType = (type: unknown): boolean => typeof type === 'string' && IGNORED_ERROR_TYPES.includes(type);

/**
 * Whether the thrown value is one of the ignored types. The SDK reports `error.name` as the type,
 * which is "Error" for a subclass that never sets it, so the class chain is checked too (in
 * development builds; minified builds rename classes, hence the explicit `name` above).
 */
export function isIgnoredThrown(thrown: unknown): boolean {
  if (typeof thrown !== 'object' || thrown === null) return false;
  if (isIgnoredType((thrown as { name?: unknown }).name)) return true;
  for (
    let proto: unknown = Object.getPrototypeOf(thrown);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    const constructorName: unknown = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    if (isIgnoredType(constructorName)) return true;
  }
  return false;
}

/** RUM `beforeSend`: false drops the event. Only ignored error events are dropped. */
export function keepRumEvent(event: RumEvent, context?: RumEventDomainContext): boolean {
  if (event.type !== 'error') return true;
  if (isIgnoredType(event.error.type)) return false;
  const thrown = context && 'error' in context ? context.error : undefined;
  return !isIgnoredThrown(thrown);
}

/**
 * The fields of a RUM event that may carry an address or a text holding one, with the rule of
 * src/consent/pageAddress.ts applied for monitoring: no query, no fragment, a referrer's origin.
 * These are the fields Datadog lets `beforeSend` change (browser-rum-core assembly.ts); the
 * address bar itself holds no query (src/base/arrival.ts), but a long task's script keeps the
 * address the document was loaded from.
 */
function shareRumEvent(event: RumEvent, origin: string): void {
  const share = (value: string) => sharedPayload(value, origin, 'monitoring');
  // Typed as always there; an event built by hand (tests) may lack it.
  if (event.view) {
    event.view.url = share(event.view.url);
    if (event.view.referrer !== undefined) event.view.referrer = sharedReferrer(event.view.referrer);
  }
  switch (event.type) {
    case 'view': {
      const lcp = event.view.performance?.lcp;
      if (lcp?.resource_url !== undefined) lcp.resource_url = share(lcp.resource_url);
      return;
    }
    case 'resource':
      event.resource.url = share(event.resource.url);
      return;
    case 'error':
      event.error.message = share(event.error.message);
      if (event.error.stack !== undefined) event.error.stack = share(event.error.stack);
      if (event.error.handling_stack !== undefined) event.error.handling_stack = share(event.error.handling_stack);
      if (event.error.resource) event.error.resource.url = share(event.error.resource.url);
      return;
    case 'long_task':
      for (const script of (event.long_task as { scripts?: { source_url: string; invoker: string }[] }).scripts ?? []) {
        script.source_url = share(script.source_url);
        script.invoker = share(script.invoker);
      }
      return;
    case 'action':
      if (event.action.target) event.action.target.name = share(event.action.target.name);
      return;
  }
}

/**
 * Logs `beforeSend`: browser-logs forwards the same uncaught errors, so they are dropped there too;
 * every other line leaves with the rule applied to its text and addresses.
 */
export function logsBeforeSend(origin: () => string) {
  return (event: LogsEvent): boolean => {
    if (isIgnoredType(event.error?.kind)) return false;
    const pageOrigin = origin();
    for (const [key, value] of Object.entries(event)) event[key] = sharedPayload(value, pageOrigin, 'monitoring');
    return true;
  };
}

/**
 * RUM `beforeSend`: drops ignored errors, shares addresses as the rule says (shareRumEvent), gives
 * view events the global context and tells `onView` of each (RUM has started: startMonitoring.ts).
 * A view keeps the context it started with, and the first view starts inside `init`, before the
 * SDK applies context set earlier, so without this the views ops facet by would lack the tenant.
 */
export function rumBeforeSend(
  globalContext: () => Record<string, unknown>,
  origin: () => string,
  onView: () => void = () => undefined,
) {
  return (event: RumEvent, context?: RumEventDomainContext): boolean => {
    if (!keepRumEvent(event, context)) return false;
    if (event.type === 'view') {
      event.context = { ...globalContext(), ...event.context };
      onView();
    }
    shareRumEvent(event, origin());
    return true;
  };
}
