// A gap's default blocks asked ahead (docs/decisions/rundown.md, "Speed"). Each default block
// starts where the one before ends, so its question (seed, dayparting, the gap left) is known only
// once the block before is resolved. Most default playlists give blocks of one length, so when a
// block is asked, the blocks that would follow if each lasted as long as the one before are asked
// with it (one batch): a guess is used only when a block is later asked at that start with the same
// question (the same question gets the same answer), so guessing changes which calls are made,
// never an answer. How many are guessed grows while the guesses hold and shrinks when one fails
// (a playlist of varying length asks a few more resolutions, never more calls in a row).
import type { Resolved } from './resolve';

/** The most blocks guessed at once, and the first guess's size (a day of 1-minute blocks: 3 rounds). */
export const AHEAD_MAX = 1200;
export const AHEAD_FIRST = 200;

/** The starts a gap's next blocks have if each lasts `stride` ms: from `from`, before `until`, at most `count`. */
export function guessedStarts(from: number, stride: number, until: number, count: number): number[] {
  const out: number[] = [];
  if (!(stride > 0)) return out;
  for (let start = from; start < until && out.length < count; start += stride) out.push(start);
  return out;
}

interface Segment {
  /** The length of the gap's last block resolved or served. */
  stride: number;
  /** How many blocks the next guess asks. */
  depth: number;
  /** Guessed starts not yet taken. */
  pending: Set<number>;
}

export interface AheadQuestion {
  start: number;
  inputs: string;
  ask: () => Promise<Resolved>;
}

/** The guesses of one rundown, per gap segment (named by its end). */
export class Ahead {
  private readonly guesses = new Map<number, { inputs: string; answer: Promise<Resolved> }>();
  private readonly segments = new Map<number, Segment>();

  /** A block of the segment ending at `segmentEnd` lasted `length` ms (resolved or served). */
  lasted(segmentEnd: number, length: number) {
    const segment = this.segments.get(segmentEnd);
    if (segment) segment.stride = length;
    else this.segments.set(segmentEnd, { stride: length, depth: 0, pending: new Set() });
  }

  /** The guessed answer of the block at `start`, when its question was guessed. */
  take(start: number, inputs: string): Promise<Resolved> | undefined {
    const guess = this.guesses.get(start);
    if (!guess || guess.inputs !== inputs) return undefined;
    this.guesses.delete(start);
    for (const segment of this.segments.values()) segment.pending.delete(start);
    return guess.answer;
  }

  /**
   * A block at `start` was not guessed: which starts to guess now, after it, in its segment (before
   * `until`), not guessed already. Guesses still pending failed: the next guess is smaller (those
   * before `start`, which the fill went past, are dropped; the others may still be taken); guesses
   * used whole make the next one larger.
   */
  plan(start: number, segmentEnd: number, until: number): number[] {
    const segment = this.segments.get(segmentEnd);
    if (!segment) return [];
    const passed = [...segment.pending].filter((guessed) => guessed < start);
    for (const guessed of passed) {
      this.guesses.delete(guessed);
      segment.pending.delete(guessed);
    }
    const failed = passed.length > 0 || segment.pending.size > 0;
    segment.depth = segment.depth === 0 ? AHEAD_FIRST : failed ? Math.max(1, Math.floor(segment.depth / 4)) : Math.min(AHEAD_MAX, segment.depth * 4);
    return guessedStarts(start + segment.stride, segment.stride, Math.min(segmentEnd, until), segment.depth).filter((guess) => !this.guesses.has(guess));
  }

  /** Asks a guessed block now; its answer waits for the block that takes it. */
  guess(segmentEnd: number, question: AheadQuestion) {
    const answer = question.ask();
    // A guess never taken may fail unseen: the block that takes it sees the failure.
    answer.catch(() => undefined);
    this.guesses.set(question.start, { inputs: question.inputs, answer });
    this.segments.get(segmentEnd)?.pending.add(question.start);
  }
}
