// The background analysis on an embedded PGlite library with real encoded files: a pass analyses
// every audio item's file that has none, newest first, stores what ffmpeg cannot decode as such
// (tried once), leaves images alone, and a second pass finds nothing; the table is the queue, so a
// pass stopped part way leaves the rest for the next.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { migrateSchema, openDatabase, type Database } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import type { ServiceEvents } from '@airwave/service-kit';
import { createLocalStorage } from '@airwave/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaContext } from '../context';
import { createMeasurer } from '../durations/measurer';
import { durationMetrics } from '../durations/metrics';
import { encodeTone, ffmpegForTests, skipWithoutFfmpeg } from '../durations/test-files';
import { mediaMigrations } from '../migrations';
import type { MediaDB } from '../schema';
import { runAnalysisPass } from './job';
import { analysisOf, countWaiting, waitingItems } from './queries';
import { limit } from '../../../../vitest.shared';

const skipped = skipWithoutFfmpeg();

describe.skipIf(skipped !== null)('analysing the library in the background', () => {
  let database: Database;
  let db: MediaDB;
  let dir: string;
  let context: MediaContext;
  const events = { record: async () => '1', kick: () => undefined, flush: async () => undefined } as unknown as ServiceEvents;

  async function itemOf(fileId: string, bytes: Buffer, type = 'audio'): Promise<number> {
    await context.storage.put(fileId, Readable.from([bytes]), 1 << 30);
    const { id } = await db
      .insertInto('items')
      .values({ owner_id: 1, title: fileId, type, format: 'mp3', duration: 3, duration_source: null, size: bytes.length, file_id: fileId } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-analysis-job-'));
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    const figures = durationMetrics(undefined);
    context = { db, bus: null as never, logger: createLogger({ level: 'silent' }), events, storage: createLocalStorage(join(dir, 'media')), durations: createMeasurer(ffmpegForTests, 1, figures), durationMetrics: figures, uploadWaitMs: 1000, analysis: { kick: () => undefined } };
  }, limit(60_000));
  afterAll(async () => {
    context?.durations.stop();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('analyses the waiting audio newest first, marks what it cannot decode, and finds nothing the second time', async () => {
    await encodeTone(join(dir, 'a.mp3'), 3, 'libmp3lame');
    await encodeTone(join(dir, 'b.ogg'), 2, 'libvorbis');
    const older = await itemOf('file-older', await readFile(join(dir, 'a.mp3')));
    const newer = await itemOf('file-newer', await readFile(join(dir, 'b.ogg')));
    const broken = await itemOf('file-broken', Buffer.from('not audio at all'));
    const image = await itemOf('file-image', Buffer.from('not analysed: an image'), 'image');
    expect(await countWaiting(db)).toBe(3);
    expect((await waitingItems(db, null, 10)).map((w) => w.id)).toEqual([broken, newer, older]);

    await runAnalysisPass(context, ffmpegForTests!, new AbortController().signal);
    expect(await countWaiting(db)).toBe(0);
    const [a, b, c, d] = await Promise.all([analysisOf(db, older, 'file-older'), analysisOf(db, newer, 'file-newer'), analysisOf(db, broken, 'file-broken'), analysisOf(db, image, 'file-image')]);
    // (the figures themselves: measure.test.ts)
    expect(a).toMatchObject({ status: 'analysed', cue_in: 0, reason: null });
    expect(a.integrated_lufs).toBeGreaterThan(-30);
    expect(a.integrated_lufs).toBeLessThan(-15);
    expect(Math.abs(a.seconds! - 3)).toBeLessThan(0.06);
    expect(b.status).toBe('analysed');
    expect(c).toMatchObject({ status: 'undecodable', integrated_lufs: null, waveform: [] });
    expect(c.reason).toBeTruthy();
    expect(d.status).toBe('waiting'); // images are not analysed (and not waiting either: not counted)

    const before = (await db.selectFrom('analyses').select(['file_id', 'analysed_at']).execute()).map((r) => [r.file_id, r.analysed_at.getTime()]);
    await runAnalysisPass(context, ffmpegForTests!, new AbortController().signal);
    const after = (await db.selectFrom('analyses').select(['file_id', 'analysed_at']).execute()).map((r) => [r.file_id, r.analysed_at.getTime()]);
    expect(after).toEqual(before);
  }, limit(60_000));

  it('stops part way when told, leaving the rest for the next pass', async () => {
    await encodeTone(join(dir, 'c.mp3'), 2, 'libmp3lame');
    const bytes = await readFile(join(dir, 'c.mp3'));
    for (const name of ['one', 'two', 'three']) await itemOf(`file-${name}`, bytes);
    const stop = new AbortController();
    stop.abort();
    await runAnalysisPass(context, ffmpegForTests!, stop.signal);
    expect(await countWaiting(db)).toBe(3);
    await runAnalysisPass(context, ffmpegForTests!, new AbortController().signal);
    expect(await countWaiting(db)).toBe(0);
  }, limit(60_000));
});
