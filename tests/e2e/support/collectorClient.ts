import type { BrowserContext } from '@playwright/test';
import { COLLECTOR_URL } from './collectorConfig';
import type { CollectedEvent, CollectedRequest, CollectedTelemetry } from './collector';

/** Test-side view of the collector, one visitor at a time. */
export const collector = {
  async events(anonymousId: string): Promise<CollectedEvent[]> {
    return (await fetch(`${COLLECTOR_URL}/__control/events?anonymousId=${anonymousId}`)).json() as Promise<
      CollectedEvent[]
    >;
  },
  async requests(anonymousId?: string): Promise<CollectedRequest[]> {
    const query = anonymousId ? `?anonymousId=${anonymousId}` : '';
    return (await fetch(`${COLLECTOR_URL}/__control/requests${query}`)).json() as Promise<CollectedRequest[]>;
  },
  /**
   * A browser's monitoring events on a host: those of its Datadog session (the `_dd_s` cookie's
   * id), none before the SDK has one. The page's address is no marker: it loses its query as the
   * page starts, and Datadog gets none (src/base/arrival.ts).
   */
  async sessionTelemetry(context: BrowserContext, url: string): Promise<CollectedTelemetry[]> {
    const cookie = (await context.cookies(url)).find((candidate) => candidate.name.startsWith('_dd_s'));
    const id = /(?:^|&)id=([0-9a-f-]{36})(?:&|$)/.exec(cookie?.value ?? '')?.[1];
    return id ? collector.telemetry(id) : [];
  },
  /** Monitoring events whose JSON contains a marker (e.g. a text in an error message). */
  async telemetry(contains: string): Promise<CollectedTelemetry[]> {
    return (
      await fetch(`${COLLECTOR_URL}/__control/telemetry?contains=${encodeURIComponent(contains)}`)
    ).json() as Promise<CollectedTelemetry[]>;
  },
  /** `hideReset`: a 429 carries x-ratelimit-reset without exposing it to the page, as the vendors' public endpoints answer. */
  async failNext(
    vendor: 'amplitude' | 'segment',
    anonymousId: string,
    statuses: number[],
    options: { hideReset?: boolean } = {},
  ): Promise<void> {
    await fetch(`${COLLECTOR_URL}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ vendor, anonymousId, statuses, ...options }),
    });
  },
};
