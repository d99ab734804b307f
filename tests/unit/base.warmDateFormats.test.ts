// @vitest-environment jsdom
// Issue 44 item 4 (docs/performance.md, "The SDKs' set-up in tasks under 50 ms"): a worker makes
// the page's first Intl.DateTimeFormat, so that ICU's data is loaded off the main thread before
// Datadog RUM and Segment make theirs. It must never hold the SDKs back: it resolves on the
// worker's answer, on its error, after WARM_TIMEOUT_MS, or at once where there is no worker.
import type { warmDateFormats as WarmDateFormats } from '@/base/warmDateFormats';

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: string) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

async function load(): Promise<{ warmDateFormats: typeof WarmDateFormats; WARM_TIMEOUT_MS: number }> {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  URL.createObjectURL = vi.fn(() => 'blob:warm');
  URL.revokeObjectURL = vi.fn();
  return import('@/base/warmDateFormats');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('warmDateFormats', () => {
  it('starts one worker for the page, resolves when it has answered, and ends it', async () => {
    const { warmDateFormats } = await load();
    let done = false;
    const warmed = warmDateFormats().then(() => (done = true));
    expect(warmDateFormats()).toBe(warmDateFormats());
    expect(FakeWorker.made).toHaveLength(1);
    await Promise.resolve();
    expect(done).toBe(false);
    FakeWorker.made[0]!.onmessage!();
    await warmed;
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:warm');
  });

  it('resolves when the worker fails', async () => {
    const { warmDateFormats } = await load();
    const warmed = warmDateFormats();
    FakeWorker.made[0]!.onerror!();
    await expect(warmed).resolves.toBeUndefined();
  });

  it('resolves after WARM_TIMEOUT_MS when the worker never answers', async () => {
    vi.useFakeTimers();
    const { warmDateFormats, WARM_TIMEOUT_MS } = await load();
    const warmed = warmDateFormats();
    await vi.advanceTimersByTimeAsync(WARM_TIMEOUT_MS);
    await expect(warmed).resolves.toBeUndefined();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('resolves at once where no worker can be made', async () => {
    const { warmDateFormats } = await load();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('refused by the policy');
        }
      },
    );
    await expect(warmDateFormats()).resolves.toBeUndefined();
  });
});
