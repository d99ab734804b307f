// Issue 36 item 5: a withdrawal stops each SDK of the withdrawn categories in the click's own task.
import { describe, expect, it } from 'vitest';
import { onWithdrawal, withdraw } from '@/base/stopping';

describe('withdrawal stops', () => {
  it('starts the stops of the withdrawn categories at once, before the caller awaits, and waits for them', async () => {
    const calls: string[] = [];
    let finish = () => undefined as void;
    const forgetAnalytics = onWithdrawal('analytics', () => {
      calls.push('analytics');
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const forgetMonitoring = onWithdrawal('monitoring', async () => void calls.push('monitoring'));
    let done = false;
    const stopping = withdraw(['analytics']).then(() => (done = true));
    expect(calls).toEqual(['analytics']);
    await Promise.resolve();
    expect(done).toBe(false);
    finish();
    await stopping;
    expect(done).toBe(true);
    forgetAnalytics();
    forgetMonitoring();
  });

  it('a stop taken back is not called; one that fails keeps no other from finishing', async () => {
    const calls: string[] = [];
    const forget = onWithdrawal('monitoring', async () => void calls.push('forgotten'));
    forget();
    const forgetFailing = onWithdrawal('monitoring', () => Promise.reject(new Error('boom')));
    const forgetOther = onWithdrawal('monitoring', async () => void calls.push('other'));
    await expect(withdraw(['monitoring'])).resolves.toBeUndefined();
    expect(calls).toEqual(['other']);
    forgetFailing();
    forgetOther();
  });
});
