/**
 * The middle value (the lower of the two middle ones for an even count): benches report it, not
 * the mean, so one disturbed run does not move the figure. A NaN (a run that measured nothing, or
 * never got there) counts as the largest value: compared as numbers it would leave the order to
 * the sort's whim. A bench that wants such runs left out filters them first (bench/lighthouse.mts).
 */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) =>
    Number.isNaN(a) || Number.isNaN(b) ? Number(Number.isNaN(a)) - Number(Number.isNaN(b)) : a - b,
  )[Math.floor((values.length - 1) / 2)] ?? NaN;
