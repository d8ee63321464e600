// Background work done in passes (the durations' measuring, the analysis): one pass at a time, the
// first soon after start, then one every `everyMs`; `kick` asks for one now, or right after the one
// running (which may already have passed what was new); `stop` aborts the pass running and ends the
// timers, leaving the rest for the next start.
import type { Logger } from '@airwave/logging';

export interface Passes {
  kick(): void;
  stop(): void;
  /** Resolves once no pass runs (tests). */
  idle(): Promise<void>;
}

export const NO_PASSES: Passes = { kick: () => undefined, stop: () => undefined, idle: () => Promise.resolve() };

export interface PassOptions {
  firstPassAfterMs: number;
  everyMs: number;
  logger: Logger;
  /** Logged (a warning) when a pass fails: the next one takes up the rest. */
  failure: string;
}

export function runInPasses(pass: (stop: AbortSignal) => Promise<void>, options: PassOptions): Passes {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const start = () => {
    if (stopping.signal.aborted || running) return;
    running = pass(stopping.signal)
      .catch((error: unknown) => options.logger.warn({ err: error }, options.failure))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          start();
        }
      });
  };
  const first = setTimeout(start, options.firstPassAfterMs);
  const every = setInterval(start, options.everyMs);
  first.unref();
  every.unref();
  return {
    kick() {
      if (running) again = true;
      else start();
    },
    stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(every);
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
