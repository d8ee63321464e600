// FdSink against a writer that behaves like a busy pipe: short writes and EAGAIN.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FdSink } from './fd-sink';
import { limit } from '../../../vitest.shared';

/** A pipe that takes at most `room` bytes a call and refuses (EAGAIN) every call `busy` says. */
function pipe(room: number, busy: (call: number) => boolean) {
  const received: Buffer[] = [];
  let calls = 0;
  const write = (_fd: number, buffer: Buffer) => {
    calls += 1;
    if (busy(calls)) throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
    const taken = buffer.subarray(0, room);
    received.push(Buffer.from(taken));
    return taken.length;
  };
  return { write, text: () => Buffer.concat(received).toString('utf8') };
}

describe('FdSink', () => {
  it('writes every byte in order through short writes and EAGAIN, and flushSync finishes the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 30 }), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 2, max: 5 }), (lines, room, every) => {
        const out = pipe(room, (call) => call % every === 0);
        const sink = new FdSink(1, out.write);
        for (const line of lines) sink.write(line);
        sink.flushSync();
        expect(out.text()).toBe(lines.join(''));
      }),
    );
    // A hundred runs take well under a second; a machine busy with other suites (CI) can take many.
  }, limit(60_000));

  it('does not wait for a full pipe outside flushSync: the rest goes out from a timer', async () => {
    let full = true;
    const out = pipe(1024, () => full);
    const sink = new FdSink(1, out.write);
    sink.write('first\n');
    sink.write('second\n');
    expect(out.text()).toBe('');
    full = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(out.text()).toBe('first\nsecond\n');
  });

  it('drops lines once nobody reads (EPIPE) instead of throwing from a log call', () => {
    let calls = 0;
    const sink = new FdSink(1, () => {
      calls += 1;
      throw Object.assign(new Error('EPIPE'), { code: 'EPIPE' });
    });
    expect(() => sink.write('a\n')).not.toThrow();
    expect(() => sink.write('b\n')).not.toThrow();
    sink.flushSync();
    expect(calls).toBe(1);
  });
});
