/** The middle value (the lower of the two middle ones for an even count): benches report it, not the mean, so one disturbed run does not move the figure. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
