// The harbor (live shows), listened to: a source client that left does not air when a live show's
// window opens later, and the harbor takes a source only with the password of the live show on air
// (the player's when the show has none). Needs liquidsoap, icecast2, ffmpeg and sox.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { detectTones, haveTools, liveSource, makeTone, recordMountWhenUp, startIcecast, type PrivateIcecast } from '../../src/listen';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import type { PlannedItem } from '@airwave/playout/engine';
import { freePort } from '@airwave/playout/engine';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the playout harbor test needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const FALLBACK = 1650;

const item = (key: string, start: number, duration: number, extra: Partial<PlannedItem> = {}): PlannedItem => ({
  key, kind: 'live', media_id: null, title: key, artist: 'live', start, duration, cue_in: 0, gain_db: 0, crossfade: 0, hard: true, context: 'show', show_id: 1, show_name: 'live', ...extra,
});

interface Source { at: number; password: string; tone: number; seconds: number }

describe.skipIf(missing.length > 0)("the Liquidsoap engine's harbor", () => {
  let dir: string;
  let ice: PrivateIcecast;
  let engine: LiquidsoapEngine;
  let fallback: PlannedItem;
  let harborPort: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-engine-live-'));
    ice = await startIcecast();
    harborPort = await freePort();
    fallback = { ...item('default:1', 0, 120_000, { kind: 'file', context: 'fallback' }), path: await makeTone(join(dir, 'fallback.wav'), FALLBACK, 120) };
    engine = new LiquidsoapEngine({ playerId: 9, startTimeoutMs: limit(30_000) });
    await engine.update({ player_id: 9, items: [], fallback: [fallback] });
    await engine.start({ host: ice.host, port: ice.port, mount: '/harbor', password: ice.sourcePassword, harbor: { port: harborPort, mount: '/live', password: 'player-secret' } });
  }, limit(120_000));

  afterAll(async () => {
    await engine?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Airs the plan `scene(t)` gives for t a second from now, with source clients connecting at their
   * instants; how long each tone was heard (ms) between two instants, and t.
   */
  async function air(scene: (t: number) => { items: PlannedItem[]; sources: Source[]; until: number }) {
    const rec = await recordMountWhenUp(ice.url('/harbor'), limit(30_000));
    const t = Date.now() + 1000;
    const { items, sources, until } = scene(t);
    await engine.update({ player_id: 9, items, fallback: [fallback] });
    const stops = sources.map((s) => {
      let stop: (() => void) | undefined;
      const timer = setTimeout(() => (stop = liveSource(harborPort, s.password, s.tone, s.seconds)), Math.max(0, s.at - Date.now()));
      return () => (clearTimeout(timer), stop?.());
    });
    await sleep(until - Date.now());
    const recording = await rec.stop();
    for (const stop of stops) stop();
    const windows = detectTones(recording.samples, { rate: recording.rate, candidates: [1210, 1320, FALLBACK] });
    const heard = (tone: number, from: number, to: number) => windows.filter((w) => w.tone === tone && recording.t0 + w.at >= from && recording.t0 + w.at < to).length * 50;
    return { heard, t };
  }

  it("does not air a source that left when a live show's window opens later", async () => {
    // the source airs 1320 Hz in a first live show, stays on 1.5 s after it, and leaves; a second opens later
    const { heard, t } = await air((t) => ({
      items: [item('live:first', t + 2000, 2000), item('live:later', t + 7000, 3000)],
      sources: [{ at: t, password: 'player-secret', tone: 1320, seconds: 5.5 }],
      until: t + 10_500,
    }));
    expect(heard(1320, t + 2500, t + 4000)).toBeGreaterThan(1000);
    expect(heard(1320, t + 4500, t + 10_500)).toBe(0);
    expect(heard(FALLBACK, t + 7500, t + 10_000)).toBeGreaterThan(2000);
  }, limit(60_000));

  it('takes a source only with the password of the live show on air, not the player\'s when the show has its own', async () => {
    const { heard, t } = await air((t) => ({
      items: [item('live:own', t + 3000, 3000, { password: 'show secret+1' }), item('live:own2', t + 8000, 3000, { password: 'show secret+1' })],
      sources: [
        { at: t + 500, password: 'player-secret', tone: 1320, seconds: 5 },
        { at: t + 6500, password: 'show secret+1', tone: 1210, seconds: 5 },
      ],
      until: t + 11_500,
    }));
    expect(heard(1320, t, t + 11_500)).toBe(0);
    expect(heard(FALLBACK, t + 3500, t + 6000)).toBeGreaterThan(2000);
    expect(heard(1210, t + 8500, t + 11_000)).toBeGreaterThan(2000);
  }, limit(60_000));

  it("drops a source when the next live show has another password", async () => {
    const { heard, t } = await air((t) => ({
      items: [item('live:a', t + 2000, 2000, { password: 'a-secret' }), item('live:b', t + 5000, 3000, { password: 'b-secret' })],
      sources: [{ at: t, password: 'a-secret', tone: 1320, seconds: 8 }],
      until: t + 8500,
    }));
    expect(heard(1320, t + 2500, t + 4000)).toBeGreaterThan(1000);
    expect(heard(1320, t + 4500, t + 8500)).toBe(0);
  }, limit(60_000));
});
