import type { AnalyticsEvent } from './types';

/** Adds an event to the pre-setup queue. Only one page event is kept: the newest replaces it. */
export function enqueue(queue: readonly AnalyticsEvent[], event: AnalyticsEvent): AnalyticsEvent[] {
  return event.type === 'page' ? [...queue.filter((queued) => queued.type !== 'page'), event] : [...queue, event];
}

/** Merges identify entries: later traits override earlier ones and the last userId given is kept. */
export function mergeIdentifies(identifies: readonly AnalyticsEvent[]): AnalyticsEvent | undefined {
  if (identifies.length === 0) return undefined;
  return identifies.reduce((merged, next) => ({
    ...merged,
    messageId: next.messageId,
    userId: next.userId ?? merged.userId,
    traits: { ...merged.traits, ...next.traits },
  }));
}

/** Spec §4 flush order: the page event, then one merged identify, then the rest in order. */
export function flushOrder(queue: readonly AnalyticsEvent[]): AnalyticsEvent[] {
  const page = queue.find((event) => event.type === 'page');
  const identify = mergeIdentifies(queue.filter((event) => event.type === 'identify'));
  const rest = queue.filter((event) => event.type !== 'page' && event.type !== 'identify');
  return [page, identify, ...rest].filter((event): event is AnalyticsEvent => event !== undefined);
}
