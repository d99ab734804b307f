// @vitest-environment jsdom
// Issue 44 item 4: a step whose parts would make one long task lets the browser run what waits
// between them: scheduler.yield() where the browser has it, else a message to a channel.
import { yieldToMain } from '@/base/yieldToMain';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToMain', () => {
  it('uses scheduler.yield where there is one', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });

  it('else resumes after a message to a channel, not in the same task', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    await Promise.resolve();
    order.push('rest of the task');
    await yielded;
    expect(order).toEqual(['rest of the task', 'after the yield']);
  });
});
