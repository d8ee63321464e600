// Batched resolutions: questions asked together go in one call (at most MAX_BATCH), each gets its own answer or the call's error.
import type { PlaylistResolution, PlaylistResolutionInput } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { batched, MAX_BATCH } from './batch';

const input = (n: number): PlaylistResolutionInput => ({ playlist_id: n, seed: `s${n}`, support: { audio: true, video: false, images: false }, station_ids: [], station_id_image_duration: 10, excluded_by: [] });
const answer = (i: PlaylistResolutionInput): PlaylistResolution => ({ found: true, playlist: null, items: [], duration: i.playlist_id });

describe('batched', () => {
  it('asks the questions of one turn in one call, in order, and answers each its own', async () => {
    const calls: number[][] = [];
    const resolve = batched(async (inputs: PlaylistResolutionInput[]) => {
      calls.push(inputs.map((i) => i.playlist_id));
      return inputs.map(answer);
    });
    const first = await Promise.all([1, 2, 3].map((n) => resolve(input(n))));
    expect(first.map((a) => a.duration)).toEqual([1, 2, 3]);
    const many = await Promise.all(Array.from({ length: MAX_BATCH + 5 }, (_, n) => resolve(input(n + 10))));
    expect(many.map((a) => a.duration)).toEqual(Array.from({ length: MAX_BATCH + 5 }, (_, n) => n + 10));
    expect(calls.map((c) => c.length)).toEqual([3, MAX_BATCH, 5]);
  });

  it("gives every question of a failed call the call's error, and the next turn a new call", async () => {
    let fail = true;
    const resolve = batched(async (inputs: PlaylistResolutionInput[]) => {
      if (fail) throw new Error('media service down');
      return inputs.map(answer);
    });
    const failed = await Promise.allSettled([resolve(input(1)), resolve(input(2))]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await resolve(input(4))).duration).toBe(4);
  });
});
