/** A JSON object (not null, not an array): the first check when reading data from outside. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
