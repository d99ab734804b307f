/** Spec §5: event checks, with the spec's messages (§8). */
class EventValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(field ? `${field} ${message}` : message);
    this.name = 'EventValidationError';
  }
}

const NOT_STRING = 'is not a string';
const NOT_OBJECT = 'is not an object';
const NIL = 'is nil';

const isNil = (value: unknown) => value === null || value === undefined;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requireString(event: Record<string, unknown>, field: string) {
  if (isNil(event[field])) throw new EventValidationError(field, NIL);
  if (typeof event[field] !== 'string') throw new EventValidationError(field, NOT_STRING);
}

function requireObject(event: Record<string, unknown>, field: string) {
  if (isNil(event[field])) throw new EventValidationError(field, NIL);
  if (!isPlainObject(event[field])) throw new EventValidationError(field, NOT_OBJECT);
}

/** Throws EventValidationError when the event breaks a rule; returns nothing otherwise. */
export function validateEvent(event: unknown): void {
  if (!isPlainObject(event)) throw new EventValidationError('', 'Event missing');
  requireString(event, 'type');
  requireString(event, 'messageId');
  if (event.type === 'track') {
    if (isNil(event.name) || event.name === '') throw new EventValidationError('', 'Event missing');
    requireString(event, 'name');
    requireObject(event, 'properties');
  }
  if (event.type === 'identify' || event.type === 'group') requireObject(event, 'traits');
}
