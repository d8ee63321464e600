// Structured JSON logs. Anything that could hold a secret is redacted at the logger, so a careless
// log call cannot leak a password or a key.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Per-request fields (request id, trace id) added to every log line written while handling it. */
export const logContext = new AsyncLocalStorage<Record<string, string>>();

export type { Logger };

export const redactedPaths = [
  'password',
  'password_again',
  'key',
  'token',
  'secret',
  'file_key',
  '*.password',
  '*.password_again',
  '*.key',
  '*.token',
  '*.secret',
  '*.file_key',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

export interface LoggerSettings {
  level?: string;
  name?: string;
  /** Where to write; defaults to stdout. Tests pass a stream to assert on what was logged. */
  destination?: NodeJS.WritableStream;
}

export function createLogger(settings: LoggerSettings = {}): Logger {
  const options: LoggerOptions = {
    level: settings.level ?? 'info',
    base: settings.name ? { service: settings.name } : {},
    redact: { paths: redactedPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => logContext.getStore() ?? {},
  };
  return settings.destination ? pino(options, settings.destination as DestinationStream) : pino(options);
}
