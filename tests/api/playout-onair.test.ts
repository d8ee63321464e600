// The embedded default on air (issue 34): with `liquidsoap` on the PATH it airs a player whose
// playout is airwave to its Icecast mount; a listener (ffmpeg) hears the show on air. Then, as a
// station would, the show on air is cut short through the API and the next show added 10 s ahead:
// the listener hears the next show's tone from its hard start, and the old one no more, and the
// as-run log has what the engine reported, with actual starts. Needs liquidsoap, icecast2, ffmpeg
// and sox (CI installs them); skipped without them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectTones, haveTools, makeTone, recordMountWhenUp, startIcecast, toneRatio, transitions, type PrivateIcecast } from '@airwave/playout-testing/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

const missing = await haveTools();

describe.skipIf(missing.length > 0)('the embedded default on air', () => {
  let system: TestSystem;
  let icecast: PrivateIcecast;
  let dir: string;
  let admin: string;
  let player: number;
  const tones = { a: 0, b: 0 };
  let switchAt = 0;
  let showStart = 0;
  let first = 0;
  const show = (start: number, duration: number, item: number) => ({ player_id: player, mode: 'once', start: new Date(start).toISOString(), duration, item_type: 'media', item_id: item });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'onair-'));
    icecast = await startIcecast();
    system = await startTestSystem('embedded', { PLAYOUT_ENGINE: 'auto' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    tones.a = await makeMediaItem(system.api, system.url, admin, await readFile(await makeTone(join(dir, 'a.wav'), 440, 600, { rate: 11025, channels: 1 })), 'Tone 440');
    tones.b = await makeMediaItem(system.api, system.url, admin, await readFile(await makeTone(join(dir, 'b.wav'), 880, 120)), 'Tone 880');
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'On air', timezone: 'UTC', playout: 'airwave', stream_url: icecast.url('/onair.mp3'), source_password: icecast.sourcePassword } })).body.data.id;
    // The first show runs for ten minutes: long enough for the playout to take the lease, copy the
    // files and start Liquidsoap on a busy machine. The test cuts it once it is heard.
    showStart = Math.floor(Date.now() / 1000) * 1000 - 5000;
    const created = await system.api.post<{ id: number }>('/shows', { key: admin, body: show(showStart, 600, tones.a) });
    expect(created.status).toBe(200);
    first = created.body.data.id;
  }, limit(180_000));
  afterAll(async () => {
    await system?.stop();
    await icecast?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('airs the show on air, cut short and followed by a show added 10 s ahead from its hard start, and logs what aired', async () => {
    // The mount exists once the playout took the lease and its Liquidsoap connected.
    const recorder = await recordMountWhenUp(icecast.url('/onair.mp3'), limit(60_000));
    // What a station does when news breaks: the show on air ends in 10 s, the next one starts then.
    switchAt = Math.ceil((Date.now() + 10_000) / 1000) * 1000;
    expect((await system.api.put(`/shows/${first}`, { key: admin, body: show(showStart, (switchAt - showStart) / 1000, tones.a) })).status).toBe(200);
    expect((await system.api.post('/shows', { key: admin, body: show(switchAt, 120, tones.b) })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, switchAt + 8000 - Date.now()));
    const recording = await recorder.stop();
    const heard = transitions(detectTones(recording.samples, { rate: recording.rate, candidates: [440, 880] }));
    const switched = heard.find((t) => t.to === 880);
    // the tone the recording began with is the first transition's `from`
    expect([heard[0]?.from, ...heard.map((t) => t.to)], JSON.stringify(heard)).toContain(440);
    expect(switched, JSON.stringify(heard)).toBeDefined();
    // Heard at the show's start plus the stream's latency (a few seconds at most)...
    const late = recording.t0 + switched!.at - switchAt;
    expect(late).toBeGreaterThan(-500);
    expect(late).toBeLessThan(5000);
    // ...and the show that was cut is not heard under the next one (40 dB down at least).
    expect(toneRatio(recording.samples, recording.rate, 440, 880, switched!.at + 300, switched!.at + 4000)).toBeLessThan(1e-4);
    const monitor = await system.api.get<{ results: { media_id: number; context: string; unix_timestamp: string }[] }>('/players/monitor', {
      key: admin,
      query: { player_id: player, date_start: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), date_end: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) },
    });
    const rows = monitor.body.data.results;
    expect(rows.map((r) => [r.media_id, r.context])).toEqual(expect.arrayContaining([[tones.a, 'show'], [tones.b, 'show']]));
    const started = Number(rows.find((r) => r.media_id === tones.b)!.unix_timestamp) * 1000;
    expect(Math.abs(started - switchAt)).toBeLessThan(1000);
  }, limit(120_000));
});
