import type { ProcessorId } from './processors';

/**
 * Kinds of data a processor receives, in the order the privacy policy lists them. A field belongs
 * to the first kind one of whose patterns matches it, so a broad pattern (`view.**`) follows the
 * narrow ones it must not take (`view.url`).
 */
export const DATA_KINDS = [
  'visitorId',
  'visit',
  'page',
  'referrer',
  'campaign',
  'consent',
  'interactions',
  'errors',
  'performance',
  'device',
  'ipAddress',
  'technical',
] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/**
 * Fields as the SDK sends them, dot-separated: `[]` after a name is each item of a list, `*` any
 * one name or part of one, a final `**` the field and any names below it. A kind without fields
 * arrives with the connection itself.
 */
export type FieldList = Readonly<Partial<Record<DataKind, readonly string[]>>>;

const AMPLITUDE_EVENT = 'events[]';
const amplitude = (...names: string[]) => names.map((name) => `${AMPLITUDE_EVENT}.${name}`);
const SEGMENT_EVENT = 'batch[]';
const segment = (...names: string[]) => names.map((name) => `${SEGMENT_EVENT}.${name}`);

/** The page properties of spec §4 on a page view and on every event (src/analytics/pageContext.ts). */
const PAGE_PROPERTIES = ['host', 'path', 'route', 'url', 'title', 'name', 'locale'];
/** The properties of the microsites' own events (src/analytics/events.ts). */
const EVENT_PROPERTIES = ['slug', 'type', 'placement', 'from', 'to', 'topic'];
/** Screen and window sizes, as the analytics wrapper's identify sends them. */
const SCREEN_TRAITS = ['screenHeight', 'screenWidth', 'screenType', 'windowHeight', 'windowWidth', 'locale'];

/**
 * Every field each processor receives from these pages, by kind: what the privacy policy lists
 * under each (src/landing/legal/PrivacyText.tsx) and what tests/e2e/consent.spec.ts compares with
 * the collectors' payloads. Values are reduced before they leave (src/consent/pageAddress.ts).
 */
export const PROCESSOR_FIELDS = {
  amplitude: {
    visitorId: amplitude('device_id'),
    visit: [
      ...amplitude(
        'session_id',
        'time',
        'event_id',
        'insert_id',
        'event_properties.[Amplitude] Page Counter',
        'event_properties.[Amplitude] Page View ID',
      ),
      'client_upload_time',
    ],
    page: amplitude(
      ...PAGE_PROPERTIES.map((name) => `event_properties.${name}`),
      'event_properties.[Amplitude] Page *',
    ),
    referrer: amplitude(
      'event_properties.referrer',
      'event_properties.referring_domain',
      'user_properties.$set.referrer',
      'user_properties.$set.referring_domain',
      'user_properties.$set.page_referrer',
      'user_properties.$setOnce.initial_referrer',
      'user_properties.$setOnce.initial_referring_domain',
    ),
    campaign: amplitude(
      'user_properties.$set.utm_*',
      'user_properties.$setOnce.initial_utm_*',
      'user_properties.$unset.utm_*',
    ),
    consent: amplitude('event_properties.analytics', 'event_properties.monitoring'),
    interactions: amplitude(
      'event_type',
      ...EVENT_PROPERTIES.map((name) => `event_properties.${name}`),
      'event_properties.[Amplitude] Element **',
      'event_properties.[Amplitude] Max Page *',
    ),
    device: amplitude(
      'platform',
      'os_name',
      'os_version',
      'device_model',
      'language',
      'user_agent',
      'event_properties.[Amplitude] Viewport *',
      ...SCREEN_TRAITS.map((name) => `user_properties.$set.${name}`),
    ),
    ipAddress: amplitude('ip'),
    technical: [
      ...amplitude('library', 'user_properties.$set.app_name'),
      'api_key',
      'options.**',
      'request_metadata.**',
    ],
  },
  segment: {
    visitorId: segment('anonymousId', 'userId'),
    visit: segment('messageId', 'timestamp'),
    page: segment(
      ...PAGE_PROPERTIES.map((name) => `properties.${name}`),
      'name',
      'context.page.path',
      'context.page.title',
      'context.page.url',
    ),
    referrer: segment(
      'properties.referrer',
      'properties.referring_domain',
      'context.page.referrer',
      'traits.page_referrer',
    ),
    // Of a page's query, only its campaign tags (pageAddress.ts sharedSearch), which Segment also reads into context.campaign.
    campaign: segment('properties.search', 'context.page.search', 'context.campaign.*'),
    consent: segment('properties.analytics', 'properties.monitoring'),
    interactions: segment('type', 'event', ...EVENT_PROPERTIES.map((name) => `properties.${name}`)),
    device: segment(
      'context.locale',
      'context.timezone',
      'context.userAgent',
      'context.userAgentData.**',
      ...SCREEN_TRAITS.map((name) => `traits.${name}`),
    ),
    ipAddress: [],
    technical: [
      ...segment('context.library.*', 'integrations.**', '_metadata.**', 'writeKey', 'traits.app_name'),
      'writeKey',
      'sentAt',
    ],
  },
  datadog: {
    visit: [
      'session.**',
      'session_id',
      'view.id',
      'tab.id',
      'date',
      'view.is_active',
      'view.in_foreground',
      'view.time_spent',
    ],
    page: ['view.url', 'view.name', 'context.tenant.*', 'tenant.*', 'context.application.locale', 'application.locale'],
    referrer: ['view.referrer'],
    interactions: ['action.**', 'view.action.count', 'view.frustration.count', 'display.scroll.*'],
    errors: ['error.**', 'view.error.count', 'message', 'status', 'origin'],
    performance: ['view.**', 'resource.**', 'long_task.**'],
    device: ['device.**', 'os.**', 'display.viewport.*', 'connectivity.*'],
    ipAddress: [],
    // A replay segment's bookkeeping, beside the segment itself, when the visit is sampled for a replay.
    technical: [
      'start',
      'end',
      'creation_reason',
      'has_full_snapshot',
      'index_in_view',
      'records_count',
      'raw_segment_size',
      'compressed_segment_size',
      '_dd.**',
      'application.id',
      'application_id',
      'context.application.commitSha',
      'application.commitSha',
      'service',
      'version',
      'source',
      'type',
      'ddtags',
      'privacy.replay_level',
    ],
  },
} as const satisfies Record<ProcessorId, FieldList>;

/** A field pattern as a regular expression over a field's whole path. */
function fieldPattern(pattern: string): RegExp {
  // `**` ends a pattern: the field itself (an empty object arrives as one) or anything below it.
  const [head = '', below] = pattern.split(/\.\*\*$/);
  const source = head
    .split('.')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^.]*'),
    )
    .join('\\.');
  return new RegExp(`^${source}${below === undefined ? '' : '(?:\\..+)?'}$`);
}

/** Whether one of `patterns` names the field at `path`. */
export const matchesField = (patterns: readonly string[], path: string): boolean =>
  patterns.some((pattern) => fieldPattern(pattern).test(path));

/** The kind a field a processor received belongs to, or undefined when its list does not have it. */
export function kindOfField(fields: FieldList, path: string): DataKind | undefined {
  return DATA_KINDS.find((kind) => matchesField(fields[kind] ?? [], path));
}

/** Each leaf of a JSON value as a field path in the notation above. */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => fieldPaths(item, `${prefix}[]`)))];
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    return [
      ...new Set(
        Object.entries(value).flatMap(([name, item]) => fieldPaths(item, prefix ? `${prefix}.${name}` : name)),
      ),
    ];
  }
  return prefix ? [prefix] : [];
}
