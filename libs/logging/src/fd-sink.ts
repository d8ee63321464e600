// Where the lines of one event-loop turn go on their way to stdout: written at once with one
// write(2), in order, never lost on process.exit. sonic-boom's asynchronous writes (a write in
// flight on libuv's thread pool when the process exits) cut the last line in two and dropped the
// rest under Node 24; a turn's batch is one system call, so writing it synchronously costs little.
//
// A full pipe (EAGAIN) does not block the event loop: the rest waits and is retried shortly, and
// new lines queue behind it. Only flushSync (on exit) waits for the reader, for up to two seconds.
// A closed stdout (EPIPE) drops lines instead of crashing the process, as pino's destination does.
import { writeSync } from 'node:fs';
import type { LineSink } from './index';

type Write = (fd: number, buffer: Buffer) => number;

export class FdSink implements LineSink {
  #pending: Buffer[] = [];
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly fd = 1,
    private readonly write_: Write = writeSync,
    private readonly exitWaitMs = 2000,
  ) {}

  write(text: string): void {
    if (this.#closed) return;
    this.#pending.push(Buffer.from(text));
    // Lines already waiting for a full pipe go first: the retry writes these after them.
    if (this.#pending.length === 1 && !this.#retry) this.#drain(0);
  }

  flushSync(): void {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#drain(Date.now() + this.exitWaitMs);
  }

  /** Writes what is pending; on EAGAIN retries until `deadline` (0: later, from a timer). */
  #drain(deadline: number): void {
    while (this.#pending.length > 0) {
      const buffer = this.#pending[0]!;
      let written: number;
      try {
        written = this.write_(this.fd, buffer);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' && Date.now() < deadline) continue;
        if (code === 'EAGAIN') return this.#retryLater(deadline);
        // EPIPE, EBADF...: nobody reads stdout any more; drop rather than throw from a log call.
        this.#closed = true;
        this.#pending = [];
        return;
      }
      if (written < buffer.length) this.#pending[0] = buffer.subarray(written);
      else this.#pending.shift();
    }
  }

  #retryLater(deadline: number): void {
    if (deadline > 0) return; // flushSync ran out of time: what is left is lost with the process
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#drain(0);
    }, 5);
    this.#retry.unref();
  }
}
