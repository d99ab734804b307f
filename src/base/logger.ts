// The app's one logger, neutral so that every folder may log without depending on monitoring.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogContext = Record<string, unknown>;

/** Where app log lines go: the console until monitoring swaps in Datadog logs (`src/monitoring/datadogSink.ts`). */
export type LogSink = (level: LogLevel, message: string, context?: LogContext) => void;

export const consoleSink: LogSink = (level, message, context) => {
  if (context === undefined) console[level](message);
  else console[level](message, context);
};

let sink: LogSink = consoleSink;

/** Swaps the sink and returns the previous one. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** The one logger modules use for their warnings. */
export const appLogger: Record<LogLevel, (message: string, context?: LogContext) => void> = {
  debug: (message, context) => sink('debug', message, context),
  info: (message, context) => sink('info', message, context),
  warn: (message, context) => sink('warn', message, context),
  error: (message, context) => sink('error', message, context),
};

/**
 * A warning from the Edge runtime (the middleware). Its console has two channels: `warn` writes
 * through `console.error` and `info` through `console.log` (the sandbox's `console` in Next's
 * bundled edge-runtime), so a plain `console.warn` there would reach the server's log as an error.
 * It is written as a log line with this prefix instead, which the server's log turns back into a
 * warning (src/monitoring/requestLog.ts, routeConsole).
 */
export const EDGE_WARNING_PREFIX = '[warning] ';
export const edgeWarn = (line: string): void => console.log(`${EDGE_WARNING_PREFIX}${line}`);
