// The background measuring and the upload's, on an embedded PGlite library with real encoded
// files: an item stored with its header's duration gets the decoded one and an event; one whose
// length was right already is only marked; a file ffmpeg cannot decode keeps its length, marked; a
// file no row holds any more (its item deleted meanwhile) changes nothing.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { migrateSchema, openDatabase, type Database } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import type { ServiceEvents } from '@airwave/service-kit';
import { createLocalStorage } from '@airwave/storage';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaContext } from '../context';
import { mediaMigrations } from '../migrations';
import type { MediaDB } from '../schema';
import { measureUpload } from './ingest';
import { runPass } from './job';
import { createMeasurer } from './measurer';
import { durationMetrics } from './metrics';
import { applyMeasurement, countQueued } from './queries';
import { encodeTone, ffmpegForTests, skipWithoutFfmpeg } from './test-files';
import { limit } from '../../../../vitest.shared';

const skipped = skipWithoutFfmpeg();
describe.skipIf(skipped !== null)(`measuring durations${skipped ? `: skipped, ${skipped}` : ''}`, () => {
  let database: Database;
  let db: MediaDB;
  let dir: string;
  let context: MediaContext;
  const registry = new Registry();
  const recorded: { type: string; payload: { id: number; item: { duration: number; version: number } }; actor: unknown }[] = [];
  const events: ServiceEvents = {
    record: async (_trx, type, payload, actor) => {
      recorded.push({ type, payload: payload as (typeof recorded)[number]['payload'], actor });
      return String(recorded.length);
    },
    kick: () => undefined,
    flush: async () => undefined,
  };

  /** Stores `bytes` as file `fileId` and an item (with its active version) holding it with `duration` from a header. */
  async function itemOf(fileId: string, bytes: Buffer, duration: number | null, type = 'audio'): Promise<number> {
    await context.storage.put(fileId, Readable.from([bytes]), 1 << 30);
    const source = type === 'audio' ? 'container' : null;
    const { id } = await db
      .insertInto('items')
      // (the columns with defaults left out)
      .values({ owner_id: 1, title: 'Item', type, format: 'mp3', duration, duration_source: source, size: bytes.length, file_id: fileId } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('versions').values({ media_id: id, created: 1, notes: '', file_id: fileId, format: 'mp3', duration, duration_source: source, size: bytes.length, active: true }).execute();
    return id;
  }
  const itemRow = (id: number) => db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function encoded(seconds: number, codec: string, name: string): Promise<Buffer> {
    const path = join(dir, name);
    await encodeTone(path, seconds, codec, 'Рассвет');
    return readFile(path);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-durations-'));
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    const storage = createLocalStorage(join(dir, 'media'));
    const figures = durationMetrics(registry);
    context = { db, bus: null as never, logger: createLogger({ level: 'silent' }), events, storage, durations: createMeasurer(ffmpegForTests, 2, figures), durationMetrics: figures, uploadWaitMs: limit(5000), analysis: { kick: () => undefined } };
  }, limit(60_000));
  afterAll(async () => {
    context?.durations.stop();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives items and versions their decoded lengths, an event for each item whose length changed', async () => {
    const mp3 = await itemOf('library/tone-mp3', await encoded(6.3, 'libmp3lame', 'a.mp3'), 6.3347);
    await db.insertInto('versions').values({ media_id: mp3, created: 2, notes: '', file_id: 'library/older-mp3', format: 'mp3', duration: 4.26, duration_source: 'container', size: 1, active: false }).execute();
    await context.storage.put('library/older-mp3', Readable.from([await encoded(4.2, 'libmp3lame', 'b.mp3')]), 1 << 30);
    const wav = await itemOf('library/tone-wav', await encoded(2.5, 'pcm_s16le', 'c.wav'), 2.5);
    const junk = await itemOf('library/junk', Buffer.from('not audio at all, only text'.repeat(50)), 3);
    const image = await itemOf('library/image', Buffer.from('png'), null, 'image');
    expect(await countQueued(db)).toBe(4);

    await runPass(context, new AbortController().signal);

    expect(await itemRow(mp3)).toMatchObject({ duration_source: 'decoded', version: 2 });
    expect(Number((await itemRow(mp3)).duration)).toBeCloseTo(6.3, 6);
    const versions = await db.selectFrom('versions').selectAll().where('media_id', '=', mp3).orderBy('created').execute();
    expect(versions.map((v) => [v.duration_source, Number(v.duration).toFixed(4)])).toEqual([
      ['decoded', '6.3000'],
      ['decoded', '4.2000'],
    ]);
    expect(await itemRow(wav)).toMatchObject({ duration: 2.5, duration_source: 'decoded', version: 1 });
    expect(await itemRow(junk)).toMatchObject({ duration: 3, duration_source: 'undecodable', version: 1 });
    expect(await itemRow(image)).toMatchObject({ duration: null, duration_source: null });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ type: 'media.item.saved', payload: { id: mp3, created: false, item: { version: 2 } }, actor: null });
    expect(recorded[0]!.payload.item.duration).toBeCloseTo(6.3, 6);
    expect(await countQueued(db)).toBe(0);
    const metrics = await registry.metrics();
    expect(metrics).toContain('airwave_media_durations_measured_total{work="backfill",outcome="decoded"} 3');
    expect(metrics).toContain('airwave_media_durations_measured_total{work="backfill",outcome="undecodable"} 1');
    expect(metrics).toContain('airwave_media_durations_waiting 0');
  }, limit(60_000));

  it('changes nothing for a file whose item was deleted meanwhile', async () => {
    expect(await applyMeasurement(db, events, 'library/deleted', { kind: 'decoded', seconds: 1 })).toEqual([]);
  });

  it('measures an upload as it is registered, and stores a decode that outlasts the wait when it ends', async () => {
    const bytes = await encoded(3.7, 'libvorbis', 'd.ogg');
    for (const [fileId, waitMs] of [
      ['uploads/in-time', limit(5000)],
      ['uploads/late', 0],
    ] as const) {
      await context.storage.put(fileId, Readable.from([bytes]), 1 << 30);
      await db.insertInto('uploads').values({ file_id: fileId, owner_id: 1, key_hash: 'x', size: bytes.length, type: 'audio', format: 'ogg', duration: 3.9, duration_source: 'container', tags: '{}', claimed: false }).execute();
      const answered = await measureUpload({ ...context, uploadWaitMs: waitMs }, fileId, 3.9);
      if (waitMs > 0) expect(answered).toBeCloseTo(3.7, 6);
      else expect(answered).toBeNull();
    }
    await expect
      .poll(async () => (await db.selectFrom('uploads').select(['duration', 'duration_source']).where('file_id', '=', 'uploads/late').executeTakeFirstOrThrow()).duration_source, {
        timeout: limit(10_000),
      })
      .toBe('decoded');
    const late = await db.selectFrom('uploads').select('duration').where('file_id', '=', 'uploads/late').executeTakeFirstOrThrow();
    expect(Number(late.duration)).toBeCloseTo(3.7, 6);
  }, limit(60_000));
});

