// The engine's faults, listened to: Icecast going away and coming back, and Liquidsoap dying in
// the middle of an item (it is started again and resumes at the right offset). Needs liquidsoap,
// icecast2, ffmpeg and sox, like the listening test.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { detectTones, haveTools, makeTone, recordMount, recordMountWhenUp, startIcecast, transitions, type PrivateIcecast } from '../../src/listen';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import type { PlannedItem, TrackEvent } from '@airwave/playout/engine';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the playout fault test needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records `url` until `tone` is heard (retrying while the mount is absent); the Unix ms it was heard at the listener. */
async function hear(url: string, tone: number, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    const rec = recordMount(url);
    const started = await Promise.race([rec.started.then(() => true), rec.exited.then(() => false), sleep(deadline - Date.now()).then(() => false)]);
    if (started) await sleep(2000);
    const recording = await rec.stop().catch(() => undefined);
    if (!recording) {
      await sleep(500);
      continue;
    }
    const w = detectTones(recording.samples, { rate: recording.rate, candidates: [tone, 440] });
    const hit = w.find((x) => x.tone === tone);
    if (hit) return recording.t0 + hit.at;
  }
  throw new Error(`tone ${tone} not heard on ${url}`);
}

const item = (path: string, start: number, duration: number, key: string, context: PlannedItem['context'] = 'show'): PlannedItem => ({
  key, kind: 'file', path, media_id: 1, title: key, artist: 'tones', start, duration, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context, show_id: 1, show_name: 'tones',
});

describe.skipIf(missing.length > 0)('the Liquidsoap engine under faults', () => {
  let dir: string;
  let ice: PrivateIcecast;
  let engine: LiquidsoapEngine;
  let fallback: string;
  const events: TrackEvent[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-engine-faults-'));
    ice = await startIcecast();
    fallback = await makeTone(join(dir, 'fallback.wav'), 1650, 120);
    // with a warm spare, as the service runs it
    engine = new LiquidsoapEngine({ playerId: 7, spares: 1, startTimeoutMs: limit(30_000) });
    engine.onTrack((e) => events.push(e));
    await engine.update({ player_id: 7, items: [], fallback: [item(fallback, 0, 120_000, 'default:1', 'fallback')] });
    await engine.start({ host: ice.host, port: ice.port, mount: '/faults', password: ice.sourcePassword });
  }, limit(120_000));

  afterAll(async () => {
    await engine?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('airs again after Icecast went away and came back', async () => {
    await hear(ice.url('/faults'), 1650, Date.now() + limit(20_000));
    await ice.stop();
    await sleep(3000);
    await ice.restart();
    const back = Date.now();
    const heardAt = await hear(ice.url('/faults'), 1650, back + limit(20_000));
    expect(heardAt - back).toBeLessThan(limit(10_000));
  }, limit(60_000));

  it('starts Liquidsoap again when it dies, resuming the item on air at its offset', async () => {
    // 1430 Hz for 30 s, then 1540 Hz: where the change is heard says which offset aired
    const [a, b] = [await makeTone(join(dir, 'a.wav'), 1430, 30), await makeTone(join(dir, 'b.wav'), 1540, 10)];
    const file = join(dir, 'long.wav');
    await promisify(execFile)('sox', [a, b, file]);
    const start = Date.now() + 2000;
    await engine.update({ player_id: 7, items: [item(file, start, 40_000, 'long:1')], fallback: [item(fallback, 0, 120_000, 'default:1', 'fallback')] });
    await sleep(start + 2000 - Date.now());
    const pid = engine.pid!;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => engine.pid !== undefined && engine.pid !== pid && events.filter((e) => e.key === 'long:1' && e.kind === 'start').length >= 2, { timeout: limit(30_000), interval: 200 }).toBe(true);
    const rec = await recordMountWhenUp(ice.url('/faults'), limit(30_000));
    await sleep(Math.max(0, start + 32_000 - Date.now()));
    const recording = await rec.stop();
    const heard = transitions(detectTones(recording.samples, { rate: recording.rate, candidates: [1430, 1540, 1650] })).filter((t) => t.to === 1540);
    expect(heard).toHaveLength(1);
    // the stream's latency is well under a second here; the offset is right to within a second
    // (scaled: a starved ffmpeg or Liquidsoap shifts what the recording sees)
    expect(Math.abs(recording.t0 + heard[0]!.at - (start + 30_000))).toBeLessThan(limit(1000));
  }, limit(90_000));
});
