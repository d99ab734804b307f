import type { LogsEvent } from '@datadog/browser-logs';
import type { RumEvent, RumEventDomainContext } from '@datadog/browser-rum';

/** Spec §8: monitoring errors of these types are dropped before sending. */
export const IGNORED_ERROR_TYPES: readonly string[] = ['IgnoredEventCancel', 'IgnorableError'];

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
  for (let proto: unknown = Object.getPrototypeOf(thrown); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
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

/** Logs `beforeSend`: browser-logs forwards the same uncaught errors, so they are dropped there too. */
export function keepLogEvent(event: LogsEvent): boolean {
  return !isIgnoredType(event.error?.kind);
}

/**
 * RUM `beforeSend`: drops ignored errors, and gives view events the global context. A view
 * keeps the context it started with, and the first view starts inside `init`, before the
 * SDK applies context set earlier, so without this the views ops facet by would lack the tenant.
 */
export function rumBeforeSend(globalContext: () => Record<string, unknown>) {
  return (event: RumEvent, context?: RumEventDomainContext): boolean => {
    if (!keepRumEvent(event, context)) return false;
    if (event.type === 'view') event.context = { ...globalContext(), ...event.context };
    return true;
  };
}
