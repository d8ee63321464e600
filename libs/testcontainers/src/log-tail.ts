// The last lines a container wrote, kept while it starts, so that a failed start can say why.
import type { Readable } from 'node:stream';

export class LogTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly keep = 20) {}

  /** A log consumer for GenericContainer.withLogConsumer. */
  readonly consume = (stream: Readable): void => {
    stream.on('data', (chunk: Buffer | string) => this.add(chunk.toString()));
    stream.on('error', () => undefined);
  };

  private add(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim() !== '') this.lines.push(line);
    if (this.lines.length > this.keep) this.lines.splice(0, this.lines.length - this.keep);
  }

  text(): string {
    const lines = this.partial.trim() === '' ? this.lines : [...this.lines, this.partial];
    return lines.length === 0 ? '(it wrote nothing)' : lines.map((line) => `  | ${line}`).join('\n');
  }
}

/** An error naming the container that failed to start, why, and its last log lines. */
export function startFailure(what: string, image: string, cause: unknown, tail: LogTail): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(`${what} (${image}) did not start: ${reason}\nIts last log lines:\n${tail.text()}`, { cause });
}
