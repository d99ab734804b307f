/**
 * At most one log line per interval, with a count of the lines left out since the last one: a
 * flood of requests for unknown hosts must not fill the disk, yet ops still see that it happens.
 */
export function throttledWarning(write: (line: string) => void, intervalMs: number, now: () => number = Date.now) {
  let nextAt = -Infinity;
  let skipped = 0;
  return (line: string) => {
    const time = now();
    if (time < nextAt) {
      skipped += 1;
      return;
    }
    write(skipped ? `${line} (and ${skipped} more like it since the last line)` : line);
    skipped = 0;
    nextAt = time + intervalMs;
  };
}
