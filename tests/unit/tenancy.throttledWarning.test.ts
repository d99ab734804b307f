// Unknown-host logging is rate-limited so a flood cannot fill the disk.
import { describe, expect, it } from 'vitest';
import { throttledWarning } from '@/tenancy/throttledWarning';

describe('throttledWarning', () => {
  it('writes one line per interval and counts the ones it left out', () => {
    const lines: string[] = [];
    let time = 1_000;
    const warn = throttledWarning(
      (line) => lines.push(line),
      10_000,
      () => time,
    );
    warn('host=a');
    for (let i = 0; i < 6_500; i += 1) {
      time += 1;
      warn(`host=flood-${i}`);
    }
    expect(lines).toEqual(['host=a']);
    time += 10_000;
    warn('host=b');
    expect(lines).toEqual(['host=a', 'host=b (and 6500 more like it since the last line)']);
    time += 10_000;
    warn('host=c');
    expect(lines.at(-1)).toBe('host=c');
  });
});
