import type { LogLevel, LogSink } from '@/base/logger';

/** The part of a browser-logs `Logger` the sink needs. */
export type DatadogLogger = Record<LogLevel, (message: string, messageContext?: object, error?: Error) => void>;

/** Sends app log lines to Datadog; an `error` in the context becomes the log's error. */
export function datadogSink(logger: DatadogLogger): LogSink {
  return (level, message, context) => {
    if (context?.error instanceof Error) {
      const { error, ...rest } = context;
      logger[level](message, rest, error);
    } else {
      logger[level](message, context);
    }
  };
}
