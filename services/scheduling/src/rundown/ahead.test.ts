// Default blocks asked ahead: which starts are guessed, a guess taken only by the same question,
// and how many are guessed as guesses hold or fail. A gap filled through Ahead, with playlists of
// one length or of varying lengths, gets the blocks asking one after the other would (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ahead, AHEAD_FIRST, AHEAD_MAX, guessedStarts } from './ahead';
import type { Resolved } from './resolve';

const resolved = (duration: number): Resolved => ({ name: 'Fill', description: '', playlistId: 1, items: [], duration });

describe('guessedStarts', () => {
  it('steps by the stride before the end, at most count', () => {
    expect(guessedStarts(100, 60, 300, 10)).toEqual([100, 160, 220, 280]);
    expect(guessedStarts(100, 60, 300, 2)).toEqual([100, 160]);
    expect(guessedStarts(100, 0, 300, 10)).toEqual([]);
  });
});

describe('Ahead', () => {
  it('guesses nothing before a block of the gap has a length, then AHEAD_FIRST, more while they hold, fewer when one fails', async () => {
    const ahead = new Ahead();
    expect(ahead.plan(0, 1_000_000, 1_000_000)).toEqual([]);
    ahead.lasted(1_000_000, 10);
    const first = ahead.plan(10, 1_000_000, 1_000_000);
    expect(first).toEqual(guessedStarts(20, 10, 1_000_000, AHEAD_FIRST));
    for (const start of first) ahead.guess(1_000_000, { start, inputs: `q${start}`, ask: async () => resolved(start) });
    expect(ahead.take(20, 'other question')).toBeUndefined();
    for (const start of first) expect((await ahead.take(start, `q${start}`))!.duration).toBe(start);
    expect(ahead.take(20, 'q20')).toBeUndefined(); // taken once
    expect(ahead.plan(first.at(-1)! + 10, 1_000_000, 1_000_000).length).toBe(Math.min(AHEAD_MAX, AHEAD_FIRST * 4));
    ahead.guess(1_000_000, { start: 5000, inputs: 'q', ask: async () => resolved(1) });
    // A block not guessed while a guess is pending: the guesses failed, the next is smaller; one
    // the fill has not passed is kept (and not asked again), one it has passed is dropped.
    expect(ahead.plan(4990, 1_000_000, 1_000_000)).toEqual(guessedStarts(5000, 10, 1_000_000, AHEAD_FIRST).slice(1));
    expect((await ahead.take(5000, 'q'))!.duration).toBe(1);
    ahead.guess(1_000_000, { start: 6000, inputs: 'q', ask: async () => resolved(1) });
    expect(ahead.plan(6001, 1_000_000, 1_000_000).length).toBe(AHEAD_FIRST / 4);
    expect(ahead.take(6000, 'q')).toBeUndefined();
  });

  it('keeps a failed guess from being unhandled and gives its failure to the block that takes it', async () => {
    const ahead = new Ahead();
    ahead.lasted(100, 10);
    ahead.plan(0, 100, 100);
    ahead.guess(100, { start: 10, inputs: 'q', ask: () => Promise.reject(new Error('media down')) });
    await expect(ahead.take(10, 'q')).rejects.toThrow('media down');
  });

  it('fills a gap with the blocks asked one after the other would give, asking no block twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 3000 }), async (lengths, gap) => {
        // The length of a block depends on its start (as a dynamic pick's seed makes it).
        const lengthAt = (start: number) => Math.min(lengths[start % lengths.length]!, gap - start);
        const sequential: number[] = [];
        for (let start = 0; start < gap; start += lengthAt(start)) sequential.push(start);
        const ahead = new Ahead();
        const asked = new Set<number>();
        const ask = async (start: number) => {
          expect(asked.has(start)).toBe(false);
          asked.add(start);
          return resolved(lengthAt(start));
        };
        const filled: number[] = [];
        for (let start = 0; start < gap; ) {
          let answer = ahead.take(start, `q${start}`);
          if (!answer) {
            answer = ask(start);
            for (const guess of ahead.plan(start, gap, gap)) ahead.guess(gap, { start: guess, inputs: `q${guess}`, ask: () => ask(guess) });
          }
          const length = (await answer).duration;
          ahead.lasted(gap, length);
          filled.push(start);
          start += length;
        }
        expect(filled).toEqual(sequential);
      }),
      { numRuns: 200 },
    );
  });
});
