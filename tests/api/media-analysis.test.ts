// How an item's file sounds, analysed once in the background (issue 44), through the gateway: an MP3
// made by LAME with 2 s of silence at both ends of a 1 kHz tone at -20 LUFS is analysed soon after it
// is saved (loudness, true peak, cue points, waveform); GET /media/analysis/:id answers "waiting"
// until then, and refuses what the reader may not see. Needs ffmpeg with libmp3lame (CI installs it).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { mp3Missing } from '../src/mp3';
import { limit } from '../../vitest.shared';

const run = promisify(execFile);
const missing = await mp3Missing();
if (missing && process.env.CI) throw new Error(`the analysis test needs ffmpeg with libmp3lame: ${missing}`);

type Analysis = { media_id: number; status: string; integrated_lufs: number | null; true_peak: number | null; cue_in: number | null; cue_out: number | null; next_start: number | null; seconds: number | null; waveform: number[] };

/** 2 s of silence, 6 s of a 1 kHz sine at a peak of -20 dBFS in both channels (-20 LUFS), 2 s of silence, by LAME. */
async function framedTone(): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-analysis-'));
  try {
    const sine = `if(between(t,2,8),${10 ** (-20 / 20)}*sin(2*PI*1000*t),0)`;
    const path = join(dir, 'framed.mp3');
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `aevalsrc='${sine}|${sine}':s=44100:d=10`, '-c:a', 'libmp3lame', '-b:a', '192k', path]);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(missing !== null).each(ruleModes)("an item's analysis (%s)", (mode) => {
  let system: TestSystem;
  let admin: string;

  beforeAll(async () => {
    system = await startTestSystem(mode, { MEDIA_ANALYSIS: 'background' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  }, limit(120_000));
  afterAll(async () => {
    await system?.stop();
  });

  it('analyses a saved MP3 in the background: its loudness, true peak, cue points and waveform', async () => {
    const id = await makeMediaItem(system.api, system.url, admin, await framedTone(), 'Framed tone');
    const read = async () => {
      const reply = await system.api.get<Analysis>(`/media/analysis/${id}`, { key: admin });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data;
    };
    expect(['waiting', 'analysed']).toContain((await read()).status);
    await expect.poll(async () => (await read()).status, { timeout: limit(30_000), interval: 250 }).toBe('analysed');
    const analysis = await read();
    expect(analysis.media_id).toBe(id);
    expect(Math.abs(analysis.integrated_lufs! + 20)).toBeLessThan(0.7);
    expect(Math.abs(analysis.true_peak! + 20)).toBeLessThan(0.6);
    expect(Math.abs(analysis.cue_in! - 2)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(analysis.cue_out! - 8)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(analysis.next_start! - analysis.cue_out!)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(analysis.seconds! - 10)).toBeLessThan(0.06);
    expect(analysis.waveform).toHaveLength(200);
  });

  it("gives the rundown each analysed item's loudness once its analysis lands, and a player Airwave airs its cue points", async () => {
    const id = await makeMediaItem(system.api, system.url, admin, await framedTone(), 'Rundown tone');
    const post = async (path: string, body: Record<string, unknown>) => {
      const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.id;
    };
    const playlist = await post('/playlists', { name: 'Loud and quiet', items: [{ type: 'media', media_id: id }, { type: 'media', media_id: id }] });
    // OB Player plays whole files; Airwave's playout airs from the cue points
    const external = await post('/players', { name: 'Level FM', timezone: 'UTC', loudness_target: -16 });
    const aired = await post('/players', { name: 'Cued FM', timezone: 'UTC', playout: 'airwave', stream_url: 'http://127.0.0.1:8000/cued.mp3', source_password: 'cued-source-1' });
    for (const player of [external, aired]) await post('/shows', { player_id: player, mode: 'once', start: '2027-06-07T06:00:00Z', duration: 600, item_type: 'playlist', item_id: playlist });
    type Item = { media_id: number; offset: number; duration: number; crossfade: number; cue_in?: number; segue?: boolean; loudness?: { integrated_lufs: number; true_peak: number } };
    const showItems = async (player: number) => {
      const reply = await system.api.get<{ kind: string; items: Item[] }[]>(`/players/${player}/rundown`, { key: admin, query: { start: '2027-06-07T06:00:00Z', end: '2027-06-07T06:10:00Z' } });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.find((b) => b.kind === 'show')!.items;
    };
    await showItems(external); // resolved (and cached) now, analysed or not
    await expect.poll(async () => (await showItems(external))[0]?.loudness ?? null, { timeout: limit(30_000), interval: 250 }).not.toBeNull();
    const whole = await showItems(external);
    const { integrated_lufs, true_peak } = whole[0]!.loudness!;
    expect(Math.abs(integrated_lufs + 20)).toBeLessThan(0.7);
    expect(Math.abs(true_peak + 20)).toBeLessThan(0.6);
    expect(whole.map((i) => [i.offset, i.cue_in ?? 0])).toEqual([[0, 0], [whole[0]!.duration, 0]]);
    // the tone from 2 s to 8 s: 6 s each, back to back, no silence between
    const cued = await showItems(aired);
    expect(cued).toHaveLength(2);
    for (const item of cued) {
      expect(Math.abs(item.cue_in! - 2)).toBeLessThanOrEqual(0.03);
      expect(Math.abs(item.duration - 6)).toBeLessThanOrEqual(0.05);
      expect(item.loudness).toEqual(whole[0]!.loudness);
    }
    expect(cued[1]!.offset).toBeCloseTo(cued[0]!.duration - cued[0]!.crossfade, 3);
  });

  it('lets whoever may edit the item set its cue points over the analysis, and refuses the rest', async () => {
    const id = await makeMediaItem(system.api, system.url, admin, await framedTone(), 'Cued tone');
    const read = async () => (await system.api.get<Analysis & { edited: Record<string, number | null> }>(`/media/analysis/${id}`, { key: admin })).body.data;
    await expect.poll(async () => (await read()).status, { timeout: limit(30_000), interval: 250 }).toBe('analysed');
    const set = await system.api.put<Analysis & { edited: Record<string, number | null> }>(`/media/analysis/${id}`, { key: admin, body: { cue_in: 1.5, next_start: 7.5 } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ cue_in: 1.5, next_start: 7.5, edited: { cue_in: 1.5, cue_out: null, next_start: 7.5 } });
    expect(Math.abs(set.body.data.cue_out! - 8)).toBeLessThanOrEqual(0.03);
    expect(await read()).toMatchObject({ cue_in: 1.5, next_start: 7.5 });
    const bad = await system.api.put(`/media/analysis/${id}`, { key: admin, body: { cue_out: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('cue_out');
    expect((await system.api.put(`/media/analysis/${id}`, { key: admin, body: { cue_in: 'soon' } })).status).toBe(400);
    expect((await system.api.put(`/media/analysis/${id}`, { body: { cue_in: 1 } })).status).toBe(401);
    await system.api.post('/users', { key: admin, body: { username: 'cue-listener', password: 'cue-listener-1' } });
    const listener = (await system.api.login('cue-listener', 'cue-listener-1')).key;
    expect((await system.api.get(`/media/analysis/${id}`, { key: listener })).status).toBe(200);
    expect((await system.api.put(`/media/analysis/${id}`, { key: listener, body: { cue_in: 0 } })).status).toBe(403);
    expect(await read()).toMatchObject({ cue_in: 1.5, next_start: 7.5 });
    // null gives a point back to the analysis
    const back = await system.api.put<Analysis>(`/media/analysis/${id}`, { key: admin, body: { cue_in: null, next_start: null } });
    expect(Math.abs(back.body.data.cue_in! - 2)).toBeLessThanOrEqual(0.03);
  });

  it("refuses an item that does not exist, a bad id, and a reader who may not see the item", async () => {
    expect((await system.api.get('/media/analysis/999999', { key: admin })).status).toBe(404);
    expect((await system.api.get('/media/analysis/abc', { key: admin })).status).toBe(400);
    expect((await system.api.get('/media/analysis/1')).status).toBe(401);
    const made = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'analysis-reader', password: 'analysis-reader-1' } });
    expect(made.status, made.text).toBe(200);
    const reader = (await system.api.login('analysis-reader', 'analysis-reader-1')).key;
    const hidden = await makeMediaItem(system.api, system.url, admin, await framedTone(), 'Private tone', { status: 'private' });
    expect([403, 404]).toContain((await system.api.get(`/media/analysis/${hidden}`, { key: reader })).status);
    // the library's figures: a page's loudness (what the reader may see, in the order asked) and the progress
    const open = await makeMediaItem(system.api, system.url, admin, await framedTone(), 'Open tone');
    await expect.poll(async () => (await system.api.get<Analysis>(`/media/analysis/${open}`, { key: admin })).body.data.status, { timeout: limit(30_000), interval: 250 }).toBe('analysed');
    const page = await system.api.get<{ media_id: number; status: string; integrated_lufs: number | null }[]>('/media/loudness', { key: reader, query: { ids: `${hidden},${open}` } });
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.map((f) => [f.media_id, f.status])).toEqual([[open, 'analysed']]);
    expect(Math.abs(page.body.data[0]!.integrated_lufs! + 20)).toBeLessThan(0.7);
    expect((await system.api.get('/media/loudness', { key: reader, query: { ids: 'x' } })).status).toBe(400);
    expect((await system.api.get('/media/loudness', { query: { ids: String(open) } })).status).toBe(401);
    expect((await system.api.get('/media/analysis')).status).toBe(401);
    const progress = await system.api.get<{ waiting: number; analysed: number; undecodable: number }>('/media/analysis', { key: reader });
    expect(progress.status, progress.text).toBe(200);
    expect(progress.body.data.analysed).toBeGreaterThanOrEqual(2);
    expect(progress.body.data.undecodable).toBe(0);
  });
});
