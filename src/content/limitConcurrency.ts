/** Runs tasks through a limiter; at most `max` of them run at once, the rest wait their turn in order. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`A limiter needs a positive whole number, got ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  // A finished task hands its slot straight to the next waiting one, so a task arriving in
  // between cannot take the slot too and push the count over `max`.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
