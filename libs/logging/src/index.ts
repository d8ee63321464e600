// Structured JSON logs. Anything that could hold a secret is redacted at the logger, so a careless
// log call cannot leak a password or a key. A line about a request carries its reqId and traceId
// because the caller puts them there (a handler's `trace`, the gateway's request logger), not through
// an AsyncLocalStorage: once enabled, its promise hooks cost every request about 13 µs (docs/architecture.md).
import { pino, symbols as pinoSymbols, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { FdSink } from './fd-sink';

export type { Logger };

/** Names of fields whose values never reach a log line, at any depth up to `REDACT_DEPTH`. */
export const secretFields: ReadonlySet<string> = new Set(['password', 'password_again', 'current_password', 'source_password', 'key', 'token', 'secret', 'file_key', 'authorization', 'cookie']);

/** How deep inside a logged object secret fields are looked for (`{ req: { headers: { cookie } } }` is depth 3). */
export const REDACT_DEPTH = 4;

export const CENSOR = '[redacted]';

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Returns `value` with every secret field's value replaced by `[redacted]`, in plain objects and
 * arrays nested up to `depth` levels. The caller's object is never changed: containers on the way
 * to a secret are copied, everything else is shared. (pino's own path-based redaction with
 * wildcards made every log line three times as expensive: 7.3 µs instead of 2.4.)
 */
export function redactSecrets<T>(value: T, depth = REDACT_DEPTH): T {
  if (depth <= 0) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const inner = redactSecrets(value[i] as unknown, depth - 1);
      if (inner !== value[i]) (out ??= value.slice())[i] = inner;
    }
    return (out ?? value) as T;
  }
  if (!isPlain(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const name in value) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    const inner = value[name];
    if (inner === undefined) continue;
    const replaced = secretFields.has(name.toLowerCase()) ? CENSOR : typeof inner === 'object' && inner !== null ? redactSecrets(inner, depth - 1) : inner;
    if (replaced !== inner) (out ??= { ...value })[name] = replaced;
  }
  return (out ?? value) as T;
}

/**
 * pino's ISO time stamp, made once per millisecond: several lines a millisecond share one
 * `toISOString` (which cost a fifth of a log line).
 */
let stampMs = -1;
let stamp = '';
export function isoTime(): string {
  const now = Date.now();
  if (now !== stampMs) {
    stampMs = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/**
 * A writer of one kind of `info` line whose fields the caller has already written as JSON (known
 * names, values it controls or escaped, nothing secret): the line pino would write for
 * `logger.info(fields, msg)`, without pino's per-call work (redaction walk, key by key
 * serialisation). For lines written on every request; everything else goes through the logger.
 */
export function prebuiltInfoLine(logger: Logger, msg: string): (fieldsJson: () => string) => void {
  const tail = `,"msg":${JSON.stringify(msg)}}\n`;
  const level = `{"level":${logger.levels.values.info}`;
  return (fieldsJson) => {
    // The fields are built only for a line that is written.
    if (!logger.isLevelEnabled('info')) return;
    const target = logger as unknown as Record<symbol, unknown>;
    const stream = target[pinoSymbols.streamSym] as { write(line: string): unknown };
    stream.write(`${level}${isoTime()}${target[pinoSymbols.chindingsSym] as string},${fieldsJson()}${tail}`);
  };
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A logger that creates its pino child (with the given bindings) on first use: what a web
 * framework's per-request logger needs when most requests log nothing through it (the gateway's
 * Fastify `childLoggerFactory`; a child for every request cost several microseconds).
 */
export class LazyChildLogger {
  #child: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly own: Record<string, unknown>,
    private readonly childOptions: object,
  ) {}
  private get target(): Logger {
    return (this.#child ??= this.parent.child(this.own, this.childOptions));
  }
  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.target.level = level;
  }
  private write(level: LevelName, args: unknown[]): void {
    if (!this.#child && !this.parent.isLevelEnabled(level)) return;
    const target = this.target;
    (target[level] as (...a: unknown[]) => void).apply(target, args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }
  child(bindings: Record<string, unknown>, childOptions?: object): Logger {
    return this.target.child(bindings, childOptions);
  }
  bindings(): Record<string, unknown> {
    return this.#child ? this.#child.bindings() : { ...this.parent.bindings(), ...this.own };
  }
}

/** Where a batch of lines goes: stdout (FdSink), or a test's sink. */
export interface LineSink {
  write(text: string): unknown;
  flushSync(): void;
}

/**
 * A pino destination that hands its sink the lines of one event-loop turn together, as one string.
 * sonic-boom measures the byte length of its whole pending buffer on every write; under load, with
 * a write in flight and a line a request, that cost about 5 µs a request (BENCHMARKS.md, "Lines of a
 * turn written together"). Lines keep their order; at most one turn's lines wait, and `flushSync`
 * (called on exit) passes them on at once.
 */
export class TurnBatchedLines implements DestinationStream {
  #lines: string[] = [];
  constructor(private readonly sink: LineSink) {}
  write(line: string): void {
    if (this.#lines.push(line) === 1) setImmediate(this.#flush);
  }
  readonly #flush = (): void => {
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.sink.write(text);
  };
  flushSync(): void {
    this.#flush();
    this.sink.flushSync();
  }
  /** pino's `logger.flush(cb)`. */
  flush(callback?: (error?: Error) => void): void {
    try {
      this.flushSync();
      callback?.();
    } catch (error) {
      callback?.(error as Error);
    }
  }
}

let stdoutLines: TurnBatchedLines | undefined;

/** The process's one stdout destination (every logger of the process shares it, so lines never interleave). */
function stdoutDestination(): TurnBatchedLines {
  if (stdoutLines) return stdoutLines;
  const lines = new TurnBatchedLines(new FdSink(1));
  // The last turn's lines (an error logged just before process.exit) still reach stdout.
  process.on('exit', () => {
    try {
      lines.flushSync();
    } catch {
      // Writing to stdout failed on the way out: nothing left to tell it to.
    }
  });
  stdoutLines = lines;
  return lines;
}

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
    formatters: { log: (object) => redactSecrets(object) },
    // Child bindings (e.g. Fastify's request id) are written as given: they must never be secrets.
    timestamp: isoTime,
  };
  return pino(options, settings.destination ? (settings.destination as DestinationStream) : stdoutDestination());
}
