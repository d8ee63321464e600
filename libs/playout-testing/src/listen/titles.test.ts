import { describe, expect, it } from 'vitest';
import { misplacedTitles, titleAt, unseenTitles, type TitleSample, type TitleSegment } from './titles';

const segments: TitleSegment[] = [
  { from: 0, title: 'a' },
  { from: 1000, title: 'b' },
  { from: 2000, title: 'c' },
];
const sample = (at: number, title: string | undefined, took = 10): TitleSample => ({ sent: at, received: at + took, title });

describe("judging the stream's title", () => {
  it('knows the title of every moment', () => {
    expect([titleAt(segments, -1), titleAt(segments, 0), titleAt(segments, 1999), titleAt(segments, 2000)]).toEqual([undefined, 'a', 'b', 'c']);
  });

  it('accepts a change seen within the tolerance, and flags an early or stale title', () => {
    const samples = [sample(500, 'a'), sample(950, 'b'), sample(1150, 'a'), sample(1500, 'a'), sample(1600, 'c'), sample(2500, 'c')];
    expect(misplacedTitles(samples, segments, 200)).toEqual([samples[3], samples[4]]);
  });

  it('widens the tolerance by a slow answer', () => {
    expect(misplacedTitles([sample(900, 'c', 1200)], segments, 100)).toEqual([]);
  });

  it('finds a segment whose title was never shown', () => {
    const samples = [sample(500, 'a'), sample(1500, 'a'), sample(2500, 'c')];
    expect(unseenTitles(samples, segments, 3000, 500)).toEqual([segments[1]]);
    expect(unseenTitles(samples, segments, 3000, 1500)).toEqual([]);
  });
});
