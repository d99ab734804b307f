// Spec §8 (warnings are logged) and the monitoring issue's app logger: the console before
// monitoring loads, Datadog logs after.
import { appLogger, consoleSink, setLogSink, type LogSink } from '@/base/logger';
import { datadogSink, type DatadogLogger } from '@/monitoring/datadogSink';

afterEach(() => {
  setLogSink(consoleSink);
  vi.restoreAllMocks();
});

describe('appLogger', () => {
  it('writes to the console before monitoring is loaded', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    appLogger.warn('[analytics] storage unavailable', { key: 'anonymous-id' });
    appLogger.info('ready');
    expect(warn).toHaveBeenCalledWith('[analytics] storage unavailable', { key: 'anonymous-id' });
    expect(info).toHaveBeenCalledWith('ready');
  });

  it('sends every level to the sink that is swapped in, and no longer to the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lines: Parameters<LogSink>[] = [];
    const previous = setLogSink((...line) => lines.push(line));
    expect(previous).toBe(consoleSink);

    appLogger.debug('d');
    appLogger.info('i', { a: 1 });
    appLogger.warn('w');
    appLogger.error('e', { b: 2 });

    expect(lines).toEqual([
      ['debug', 'd', undefined],
      ['info', 'i', { a: 1 }],
      ['warn', 'w', undefined],
      ['error', 'e', { b: 2 }],
    ]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('datadogSink', () => {
  function fakeLogger() {
    const calls: unknown[][] = [];
    const method =
      (level: string) =>
      (...args: unknown[]) =>
        calls.push([level, ...args]);
    const logger: DatadogLogger = {
      debug: method('debug'),
      info: method('info'),
      warn: method('warn'),
      error: method('error'),
    };
    return { logger, calls };
  }

  it('logs through the Datadog logger at the same level', () => {
    const { logger, calls } = fakeLogger();
    setLogSink(datadogSink(logger));
    appLogger.warn('[monitoring] slow', { ms: 900 });
    expect(calls).toEqual([['warn', '[monitoring] slow', { ms: 900 }]]);
  });

  it('passes an error in the context as the log error, so Datadog keeps its stack', () => {
    const { logger, calls } = fakeLogger();
    const error = new TypeError('bad');
    datadogSink(logger)('error', 'failed', { error, step: 'load' });
    expect(calls).toEqual([['error', 'failed', { step: 'load' }, error]]);
  });
});
