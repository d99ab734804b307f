// @vitest-environment jsdom
// Issue 44 item 4: each step of the SDKs' set-up marks where it begins on the page's timeline
// (User Timing), which is how bench/sdk-steps.mts tells the steps of a trace apart.
import { importAndStart, quietStep } from '@/base/importAndStart';

const marks = () => performance.getEntriesByType('mark').map((mark) => mark.name);

afterEach(() => performance.clearMarks());

describe('quietStep', () => {
  it('marks the step as it begins, then runs it', async () => {
    const step = vi.fn(() => {
      expect(marks()).toEqual(['step: segment chunk']);
      return 'ran';
    });
    const run = quietStep('segment chunk', step);
    expect(marks()).toEqual([]);
    expect(await run).toBe('ran');
    expect(step).toHaveBeenCalledOnce();
  });
});

describe('importAndStart', () => {
  it("fetches a vendor's chunk in one step and starts it in the next, each marked", async () => {
    const started = await importAndStart(
      'datadog rum',
      async () => 'module',
      (module) => `${module} started`,
    );
    expect(started).toBe('module started');
    expect(marks()).toEqual(['step: datadog rum chunk', 'step: datadog rum start']);
  });
});
