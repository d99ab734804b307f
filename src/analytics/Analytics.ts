import { v4 as uuidv4 } from 'uuid';
import type { AnalyticsConfig } from '@/config/analyticsEnv';
import { ANALYTICS_EVENTS } from './events';
import type { AnalyticsEvent, AnalyticsLogger, AnalyticsUser, Destination, Properties } from './types';
import { validateEvent } from './validateEvent';

/** Keys are logged cut to 10 characters (spec §9). */
export const redactKey = (key: string): string => `${key.slice(0, 10)}…`;

export type SetupState = 'not set up' | 'setting up' | 'set up';

/** What the clients start with. */
export interface SetupContext {
  /** The visitor's anonymous id. */
  anonymousId: string;
  /** Product session id (a timestamp), shared with the clients that take one. */
  sessionId: number;
}

export interface Visitor {
  isBot: boolean;
  /**
   * Reads or creates the visitor's stored identity. Called only once every check has passed, so a
   * bot, or a page without a key, gets nothing written (spec §4).
   */
  identity: () => SetupContext;
}

/** Creates the SDK clients. Loaded with import() so no SDK sits in the first-load bundle. */
export type DestinationLoader = (
  config: AnalyticsConfig,
  context: SetupContext,
  loaded?: (destination: Destination) => void,
) => Promise<Destination[]>;

export const SCREEN_UNSUPPORTED = 'screen method is only supported on native';

/**
 * The one analytics facade (spec §4): feeds every client once set up. Calls made before that wait
 * in the first-load buffer (firstLoadBuffer.ts), which applies the queue rules. Invalid events are
 * logged and dropped, never thrown at the page.
 */
export class Analytics {
  private stateValue: SetupState = 'not set up';
  private destinations: Destination[] = [];
  private disabled = false;
  private loading: Promise<Destination[]> | undefined;
  /** Each client as soon as it runs, before the others have loaded. */
  private readonly started: Destination[] = [];
  private readonly stops: Array<Promise<void>> = [];
  private userId: string | undefined;
  private anonymousId: string | undefined;

  constructor(
    private readonly loadDestinations: DestinationLoader,
    private readonly logger: AnalyticsLogger = console,
  ) {}

  get state(): SetupState {
    return this.stateValue;
  }

  /**
   * Resolves true once set up; false when setup did nothing (and says why in a debug log). The
   * caller then drops the first-load buffer (spec §4: tracking disabled, queue cleared).
   */
  async setup(config: AnalyticsConfig | undefined, visitor: Visitor): Promise<boolean> {
    if (!config) {
      this.disabled = true;
      this.logger.debug('analytics: no config given; tracking disabled and queue cleared');
      return false;
    }
    if (!config.amplitude?.apiKey && !config.segment?.writeKey) {
      this.logger.debug('analytics: no key configured; not setting up, nothing stored');
      return false;
    }
    if (visitor.isBot) {
      this.logger.debug('analytics: visitor is a bot; not setting up, nothing stored');
      return false;
    }
    if (this.stateValue !== 'not set up') {
      this.logger.debug(`analytics: setup already ${this.stateValue === 'set up' ? 'done' : 'running'}`);
      return false;
    }

    this.stateValue = 'setting up';
    const context = visitor.identity();
    this.anonymousId = context.anonymousId;
    try {
      // One SDK runs while the next loads: a stop must reach it at once (stop()).
      this.loading = this.loadDestinations(config, context, (destination) => this.running(destination));
      this.destinations = await this.loading;
      this.destinations.forEach((destination) => this.running(destination));
    } catch (error) {
      this.stateValue = 'not set up';
      this.logger.error(`analytics: clients failed to load: ${(error as Error).message}`);
      return false;
    }
    const keys = [config.amplitude?.apiKey, config.segment?.writeKey]
      .filter((key): key is string => !!key)
      .map(redactKey);
    this.logger.debug(
      `analytics: set up ${this.destinations.map((d) => d.name).join(' + ')} with keys ${keys.join(', ')}`,
    );
    this.stateValue = 'set up';
    return true;
  }

  /**
   * Consent withdrawn: later calls are ignored, and every client stops (Destination.stop): those
   * running at once, those still loading as they load. Resolves when each has, so what they
   * stored can be deleted.
   */
  async stop(): Promise<void> {
    this.disabled = true;
    this.stops.push(...this.started.map((destination) => destination.stop()));
    await this.loading?.catch(() => []);
    await Promise.allSettled(this.stops);
  }

  /** A client that runs: stopped at once if the wrapper already is. */
  private running(destination: Destination): void {
    if (this.started.includes(destination)) return;
    this.started.push(destination);
    if (this.disabled) this.stops.push(destination.stop());
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

  /**
   * Spec §4: a new anonymous id updates every client, clears the traits they keep (each
   * destination's setAnonymousId does both) and is tracked.
   */
  setAnonymousId(anonymousId: string): void {
    if (anonymousId === this.anonymousId) return;
    this.anonymousId = anonymousId;
    this.destinations.forEach((destination) => destination.setAnonymousId(anonymousId));
    this.track(ANALYTICS_EVENTS.identity.anonymousIdSet, { anonymousId });
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
    // Only the first-load buffer calls the wrapper, and only once it is set up.
    else this.logger.error(`analytics: dropped ${fields.type} event sent before setup`);
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
