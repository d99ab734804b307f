/**
 * Lets the browser run what waits (an input first) before the rest of a step: `scheduler.yield()`
 * where there is one, which resumes ahead of other tasks, else a message to a channel, which does
 * not wait for a timer's clamping. For a step whose parts would make one task over 50 ms together.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
