type EventType = 'page' | 'screen' | 'track' | 'identify' | 'alias' | 'group';

export type Properties = Record<string, unknown>;

/** A wrapper event (spec §3 "Queued analytics event"), queued until the clients exist. */
export interface AnalyticsEvent {
  type: EventType;
  messageId: string;
  name?: string;
  /** Page events only. */
  category?: string;
  properties?: Properties;
  /** identify, alias and group */
  userId?: string;
  previousId?: string;
  groupId?: string;
  traits?: Properties;
}

export interface AnalyticsUser {
  userId: string | undefined;
  anonymousId: string | undefined;
  /** Never set on the web (spec §3). */
  traits: Properties;
}

/** One analytics SDK behind the wrapper. */
export interface Destination {
  readonly name: string;
  send(event: AnalyticsEvent): void;
  setAnonymousId(anonymousId: string): void;
  /** Consent withdrawn: takes no more events and drops those it holds, sending none of them. */
  stop(): Promise<void>;
}

export interface AnalyticsLogger {
  debug(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
