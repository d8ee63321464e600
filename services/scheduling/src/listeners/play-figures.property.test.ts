// Each play's listener figures against a listener-by-listener count (issue 46): generated sessions
// (some still open, some starting or ending exactly at a play's edges) and plays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playFigures, type Play, type Session } from './play-figures';

const T0 = Date.UTC(2027, 0, 1);
const at = fc.integer({ min: 0, max: 3_600 }).map((s) => T0 + s * 1000);
const sessionArb: fc.Arbitrary<Session> = fc.tuple(at, fc.option(fc.integer({ min: 0, max: 1_800_000 }), { nil: null })).map(([start, length]) => ({ start, end: length === null ? null : start + length }));
const playArb: fc.Arbitrary<Play> = fc.tuple(at, fc.integer({ min: 0, max: 400_000 })).map(([start, length]) => ({ start, end: start + length }));

/** One listener at a time, as a station would count by hand. */
function byHand(sessions: Session[], play: Play, now: number) {
  const spans = sessions.map((s) => ({ start: s.start, end: s.end ?? now })).filter((s) => s.end > s.start);
  const listening = (t: number) => spans.filter((s) => s.start <= t && s.end > t).length;
  const overlapping = spans.filter((s) => s.start < play.end && s.end > play.start);
  const instants = [play.start, ...spans.map((s) => s.start).filter((t) => t > play.start && t < play.end)];
  const ms = overlapping.reduce((sum, s) => sum + Math.min(s.end, play.end) - Math.max(s.start, play.start), 0);
  return play.end > play.start ? { at_start: listening(play.start), peak: Math.max(...instants.map(listening)), listener_seconds: Math.round(ms / 1000), atp: overlapping.length } : { at_start: 0, peak: 0, listener_seconds: 0, atp: 0 };
}

describe('playFigures', () => {
  it('property: listeners at the start, peak, listener-seconds and ATP are what counting each listener gives', () => {
    fc.assert(
      fc.property(fc.array(sessionArb, { maxLength: 60 }), fc.array(playArb, { minLength: 1, maxLength: 20 }), (sessions, plays) => {
        const now = T0 + 4_000_000;
        expect(playFigures(sessions, plays, now)).toEqual(plays.map((play) => byHand(sessions, play, now)));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a listener who connects as a song starts and leaves as it ends once, for the whole song', () => {
    const song = { start: T0 + 60_000, end: T0 + 240_000 };
    const [f] = playFigures([{ start: song.start, end: song.end }, { start: T0, end: song.start }], [song], T0 + 10 ** 6);
    expect(f).toEqual({ at_start: 1, peak: 1, listener_seconds: 180, atp: 1 });
  });

  it('takes a month of a busy mount, more sessions than a call has arguments, exact (times far from 1970)', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => ({ start: T0 + i * 8_000, end: T0 + i * 8_000 + 60_000 }));
    const song = { start: T0 + 1_000_000, end: T0 + 1_180_000 };
    expect(playFigures(many, [song], T0 + 40 * 86_400_000)).toEqual([byHand(many, song, T0 + 40 * 86_400_000)]);
  });

  it('keeps a month of a busy mount exact (times far from 1970)', () => {
    // a listener every 130 s, each for 10 minutes and 7 ms, over 30 days
    const sessions = Array.from({ length: 20_000 }, (_, i) => ({ start: T0 + i * 130_000, end: T0 + i * 130_000 + 600_007 }));
    const song = { start: T0 + 30 * 86_400_000 - 180_000, end: T0 + 30 * 86_400_000 };
    const [f] = playFigures(sessions, [song], T0 + 31 * 86_400_000);
    expect(f!.atp).toBeGreaterThan(4);
    expect(f).toEqual(byHand(sessions, song, T0 + 31 * 86_400_000));
  });
});
