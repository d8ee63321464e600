// Media durations are the decoded audio's (issue 41, docs/decisions/media.md, "Durations"): MP3
// and Ogg Vorbis files of fractional lengths, made here by real encoders (ffmpeg's libmp3lame and
// libvorbis from a generated tone, tagged in Japanese and Russian), uploaded through the gateway:
// the upload, the item and a version answer the decoded length within 1 ms, not the header's (an
// MP3's runs 30-50 ms long: the encoder's delay and padding). A library stored without ffmpeg
// (header lengths) is measured in the background after a restart with ffmpeg, and each item whose
// length changed is published as media.item.saved (and counted at /metrics). Skipped without
// ffmpeg, except under CI=1.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { IncomingEvent } from '@airwave/bus';
import { createLogger } from '@airwave/logging';
import { startSystem } from '@airwave/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Api, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';

const run = promisify(execFile);
const ffmpegMissing = await run('ffmpeg', ['-hide_banner', '-encoders']).then(
  ({ stdout }) => (stdout.includes('libmp3lame') && stdout.includes('libvorbis') ? null : 'ffmpeg has no libmp3lame or libvorbis encoder'),
  () => 'ffmpeg is not on the PATH (apt-get install ffmpeg)',
);
if (ffmpegMissing && process.env.CI) throw new Error(`${ffmpegMissing}: CI installs ffmpeg (.ci/run), and these tests must run there.`);
// Skipped suites say why in their name.
const title = ffmpegMissing ? `media durations (%s): skipped, ${ffmpegMissing}` : 'media durations (%s)';

type Upload = { file_id: string; file_key: string; format: string; duration: number; tags: Record<string, unknown> };

/** `seconds` of a stereo 440 Hz tone at 44.1 kHz, encoded with `codec` into `format`, its title tag `title`. */
async function encodedTone(seconds: number, codec: 'libmp3lame' | 'libvorbis', format: 'mp3' | 'ogg', title: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-tone-'));
  try {
    const path = join(dir, `tone.${format}`);
    const source = `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
    await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-ac', '2', '-c:a', codec, '-metadata', `title=${title}`, path]);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function upload(baseUrl: string, key: string, bytes: Buffer): Promise<Upload> {
  const response = await fetch(`${baseUrl}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: bytes });
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Upload }).data;
}

async function saveItem(api: Api, key: string, file: Upload, title: string): Promise<number> {
  const saved = await api.put<{ id: number }[]>('/media', { key, body: { media: [{ file_id: file.file_id, file_key: file.file_key, title }] } });
  expect(saved.status, saved.text).toBe(200);
  return saved.body.data[0]!.id;
}

const durationOf = async (api: Api, key: string, id: number) => (await api.get<{ duration: number }>(`/media/${id}`, { key })).body.data.duration;

describe.skipIf(ffmpegMissing !== null).each(ruleModes)(title, (mode) => {
  const files: { mp3?: Buffer; ogg?: Buffer; mp3b?: Buffer } = {};
  beforeAll(async () => {
    [files.mp3, files.ogg, files.mp3b] = await Promise.all([
      encodedTone(6.3, 'libmp3lame', 'mp3', '夜明けのテスト'),
      encodedTone(11.7, 'libvorbis', 'ogg', 'Рассветный тон'),
      encodedTone(4.45, 'libmp3lame', 'mp3', 'Второй вариант'),
    ]);
  }, limit(60_000));

  describe('at upload', () => {
    let system: TestSystem;
    let admin: string;
    beforeAll(async () => {
      system = await startTestSystem(mode);
      admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    });
    afterAll(async () => {
      await system?.stop();
    });

    it('answers the decoded length of an MP3 and an Ogg Vorbis within 1 ms, in the upload, the item and its versions', async () => {
      const mp3 = await upload(system.url, admin, files.mp3!);
      const ogg = await upload(system.url, admin, files.ogg!);
      expect(mp3).toMatchObject({ format: 'mp3', tags: { title: '夜明けのテスト' } });
      expect(ogg).toMatchObject({ format: 'ogg', tags: { title: 'Рассветный тон' } });
      expect(Math.abs(mp3.duration - 6.3)).toBeLessThan(0.001);
      expect(Math.abs(ogg.duration - 11.7)).toBeLessThan(0.001);

      const mp3Item = await saveItem(system.api, admin, mp3, '夜明けのテスト');
      const oggItem = await saveItem(system.api, admin, ogg, 'Рассветный тон');
      expect(Math.abs((await durationOf(system.api, admin, mp3Item)) - 6.3)).toBeLessThan(0.001);
      expect(Math.abs((await durationOf(system.api, admin, oggItem)) - 11.7)).toBeLessThan(0.001);

      // A new version is measured as it is uploaded, and becomes the item's length when activated.
      const second = await upload(system.url, admin, files.mp3b!);
      const added = await system.api.post<{ created: number; duration: number }>('/media/versions', { key: admin, body: { media_id: mp3Item, file_id: second.file_id, file_key: second.file_key } });
      expect(added.status, added.text).toBe(200);
      expect(Math.abs(added.body.data.duration - 4.45)).toBeLessThan(0.001);
      const activated = await system.api.request('PATCH', `/media/versions/${mp3Item}`, { key: admin, body: { created: added.body.data.created } });
      expect(activated.status, activated.text).toBe(200);
      expect(Math.abs((await durationOf(system.api, admin, mp3Item)) - 4.45)).toBeLessThan(0.001);
    }, limit(60_000));
  });

  describe('a library stored without ffmpeg, after a restart with it', () => {
    let system: TestSystem;
    let restarted: Awaited<ReturnType<typeof startSystem>> | undefined;
    beforeAll(async () => {
      system = await startTestSystem(mode, { FFMPEG_PATH: 'none' });
    });
    afterAll(async () => {
      await restarted?.close();
      await system?.stop();
    });

    it('measures every item whose length came from its header, and publishes each change', async () => {
      let admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
      const mp3 = await upload(system.url, admin, files.mp3!);
      // Without ffmpeg: the header's length, which runs long (the encoder's delay and padding).
      expect(mp3.duration - 6.3).toBeGreaterThan(0.02);
      const mp3Item = await saveItem(system.api, admin, mp3, '夜明けのテスト');
      const oggItem = await saveItem(system.api, admin, await upload(system.url, admin, files.ogg!), 'Рассветный тон');
      await system.close();

      const { FFMPEG_PATH: _, ...env } = system.env;
      restarted = await startSystem({ env, mode, logger: createLogger({ level: 'silent' }) });
      const saved: IncomingEvent[] = [];
      await restarted.infrastructure[0]!.bus.subscribe('media.item.saved', (event) => void saved.push(event), { durable: `durations-${mode}`, deliverFrom: 'all' });
      const api = new Api(restarted.url);
      admin = (await api.login('admin', ADMIN_PASSWORD)).key;
      await expect.poll(async () => Math.abs((await durationOf(api, admin, mp3Item)) - 6.3), { timeout: limit(30_000), interval: 200 }).toBeLessThan(0.001);
      expect(Math.abs((await durationOf(api, admin, oggItem)) - 11.7)).toBeLessThan(0.001);

      const changed = () => saved.map((event) => (event.data as { payload: { id: number; created: boolean; item: { duration: number } } }).payload).filter((p) => p.id === mp3Item && !p.created);
      await expect.poll(() => changed().length, { timeout: limit(10_000) }).toBe(1);
      expect(Math.abs(changed()[0]!.item.duration - 6.3)).toBeLessThan(0.001);
      // The measuring's figures at /metrics: both files decoded in the background, none waiting.
      const metrics = async () => (await fetch(`${restarted!.url}/metrics`)).text();
      await expect.poll(metrics, { timeout: limit(10_000) }).toMatch(/airwave_media_durations_waiting\{process="[^"]+"\} 0/);
      expect(await metrics()).toMatch(/airwave_media_durations_measured_total\{work="backfill",outcome="decoded",process="[^"]+"\} 2/);
    }, limit(90_000));
  });
});
