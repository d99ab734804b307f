import { v4 as uuidv4 } from 'uuid';
import { redactKey, type AnalyticsConfig } from '@/config/analyticsEnv';
import { enqueue, flushOrder } from './eventQueue';
import type { AnalyticsEvent, AnalyticsLogger, AnalyticsUser, Destination, Properties } from './types';
import { validateEvent } from './validateEvent';

export type SetupState = 'not set up' | 'setting up' | 'set up';

export interface SetupContext {
  isBot: boolean;
  /** The visitor's anonymous id; the clients start with it. */
  anonymousId: string;
  /** Product session id (a timestamp), shared with the clients that take one. */
  sessionId: number;
}

/** Creates the SDK clients. Loaded with import() so no SDK sits in the first-load bundle. */
export type DestinationLoader = (config: AnalyticsConfig, context: SetupContext) => Promise<Destination[]>;

export const SCREEN_UNSUPPORTED = 'screen method is only supported on native';
export const ANONYMOUS_ID_SET = 'Anonymous ID Set';

/**
 * The one analytics facade (spec §4): queues events until its clients exist, then feeds every
 * client. Invalid events are logged and dropped, never thrown at the page.
 */
export class Analytics {
  private stateValue: SetupState = 'not set up';
  private queue: AnalyticsEvent[] = [];
  private destinations: Destination[] = [];
  private disabled = false;
  private userId: string | undefined;
  private anonymousId: string | undefined;

  constructor(
    private readonly loadDestinations: DestinationLoader,
    private readonly logger: AnalyticsLogger = console,
  ) {}

  get state(): SetupState {
    return this.stateValue;
  }

  /** Queued events, in arrival order (for inspection and tests). */
  get pending(): readonly AnalyticsEvent[] {
    return this.queue;
  }

  /** Resolves true once set up; false when setup did nothing (and says why in a debug log). */
  async setup(config: AnalyticsConfig | undefined, context: SetupContext): Promise<boolean> {
    if (!config) {
      this.disabled = true;
      this.queue = [];
      this.logger.debug('analytics: no config given; tracking disabled and queue cleared');
      return false;
    }
    if (!config.amplitude?.apiKey && !config.segment?.writeKey) {
      this.logger.debug('analytics: no key configured; not setting up');
      return false;
    }
    if (context.isBot) {
      this.logger.debug('analytics: visitor is a bot; not setting up');
      return false;
    }
    if (this.stateValue !== 'not set up') {
      this.logger.debug(`analytics: setup already ${this.stateValue === 'set up' ? 'done' : 'running'}`);
      return false;
    }

    this.stateValue = 'setting up';
    this.anonymousId = context.anonymousId;
    try {
      this.destinations = await this.loadDestinations(config, context);
    } catch (error) {
      this.stateValue = 'not set up';
      this.logger.error(`analytics: clients failed to load: ${(error as Error).message}`);
      return false;
    }
    const keys = [config.amplitude?.apiKey, config.segment?.writeKey].filter((key): key is string => !!key).map(redactKey);
    this.logger.debug(`analytics: set up ${this.destinations.map((d) => d.name).join(' + ')} with keys ${keys.join(', ')}`);

    const queued = flushOrder(this.queue);
    this.queue = [];
    this.stateValue = 'set up';
    queued.forEach((event) => this.dispatch(event));
    return true;
  }

  page(name: string, properties: Properties = {}, category?: string): void {
    this.record({ type: 'page', name, category, properties });
  }

  screen(): never {
    throw new Error(SCREEN_UNSUPPORTED);
  }

  track(name: string, properties: Properties = {}): void {
    this.record({ type: 'track', name, properties });
  }

  identify(userId?: string, traits: Properties = {}): void {
    if (userId !== undefined) this.userId = userId;
    this.record({ type: 'identify', userId, traits });
  }

  alias(userId: string, previousId?: string): void {
    this.record({ type: 'alias', userId, previousId });
  }

  group(groupId: string, traits: Properties = {}): void {
    this.record({ type: 'group', groupId, traits });
  }

  getUser(): AnalyticsUser {
    return { userId: this.userId, anonymousId: this.anonymousId, traits: {} };
  }

  /** Spec §4: a new anonymous id updates every client, clears traits and is tracked. */
  setAnonymousId(anonymousId: string): void {
    if (anonymousId === this.anonymousId) return;
    this.anonymousId = anonymousId;
    this.destinations.forEach((destination) => destination.setAnonymousId(anonymousId));
    this.queue = this.queue.map((event) => (event.type === 'identify' ? { ...event, traits: {} } : event));
    this.track(ANONYMOUS_ID_SET, { anonymousId });
  }

  private record(fields: Omit<AnalyticsEvent, 'messageId'>): void {
    if (this.disabled) return;
    const event: AnalyticsEvent = { ...fields, messageId: uuidv4() };
    try {
      validateEvent(event);
    } catch (error) {
      this.logger.error(`analytics: dropped ${fields.type} event: ${(error as Error).message}`);
      return;
    }
    if (this.stateValue === 'set up') this.dispatch(event);
    else this.queue = enqueue(this.queue, event);
  }

  private dispatch(event: AnalyticsEvent): void {
    for (const destination of this.destinations) {
      try {
        destination.send(event);
      } catch (error) {
        this.logger.error(`analytics: ${destination.name} failed to send ${event.type}: ${(error as Error).message}`);
      }
    }
  }
}
