// Edited cue points on an embedded PGlite library: an edit airs over the analysis (soundOf) and is
// answered with it, is kept when the file is analysed again, is checked against the cue points as
// they would air (a 400 naming the field, nothing stored), and null gives a point back.
import { migrateSchema, openDatabase, type Database } from '@airwave/db';
import type { Principal } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMigrations } from '../migrations';
import type { ItemRow, MediaDB } from '../schema';
import { cueProblem, effectiveCues } from './cues';
import { setCues } from './cue-edits';
import type { Analysis } from './measure';
import { analysisOf, soundOf, storeAnalysis } from './queries';

const editor = { userId: 7, username: 'editor', permissions: ['manage_media'], groupIds: [] } as unknown as Principal;
const analysed = (cue_in: number, cue_out: number, next_start: number): Analysis => ({ kind: 'analysed', integrated: -14, range: 3, true_peak: -1.5, cue_in, cue_out, next_start, seconds: 200, waveform: [0.5] });

describe('effectiveCues and cueProblem', () => {
  it('puts the edits over the analysis, keeping a next start not edited between the cue points', () => {
    const base = { cue_in: 1, cue_out: 190, next_start: 185 };
    expect(effectiveCues(base, undefined)).toEqual(base);
    expect(effectiveCues(base, { cue_in: 3, cue_out: null, next_start: null })).toEqual({ cue_in: 3, cue_out: 190, next_start: 185 });
    expect(effectiveCues(base, { cue_in: null, cue_out: 180, next_start: null })).toEqual({ cue_in: 1, cue_out: 180, next_start: 180 });
    expect(cueProblem({ cue_in: 5, cue_out: 4, next_start: 4 }, 200)).toMatchObject({ field: 'cue_out' });
    expect(cueProblem({ cue_in: 1, cue_out: 190, next_start: 195 }, 200)).toMatchObject({ field: 'next_start' });
    expect(cueProblem({ cue_in: 1, cue_out: 250, next_start: 190 }, 200)).toMatchObject({ field: 'cue_out', message: "must be within the file's 200 s" });
    expect(cueProblem(base, 200)).toBeNull();
  });
});

describe('cue edits on a library', () => {
  let database: Database;
  let db: MediaDB;
  const recorded: unknown[] = [];
  const events = { record: async (_trx: unknown, type: string, payload: unknown) => (recorded.push({ type, payload }), '1'), kick: () => undefined } as unknown as ServiceEvents;
  let item: ItemRow;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    item = await db
      .insertInto('items')
      .values({ owner_id: 1, title: 'Song', type: 'audio', format: 'mp3', duration: 200, duration_source: null, size: 1, file_id: 'file-1' } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    await storeAnalysis(db, events, 'file-1', analysed(1.5, 198, 190));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('airs and answers an edit over the analysis, and keeps it when the file is analysed again', async () => {
    const answer = await setCues(db, events, item, { id: item.id, cue_in: 0.5, next_start: 192.25 }, editor);
    expect(answer).toMatchObject({ cue_in: 0.5, cue_out: 198, next_start: 192.25, edited: { cue_in: 0.5, cue_out: null, next_start: 192.25 } });
    expect(recorded.at(-1)).toMatchObject({ type: 'media.item.analysed', payload: { id: item.id, analysis: { cue_in: 0.5, edited: { cue_in: 0.5 } } } });
    expect((await soundOf(db, [item.id])).get(item.id)?.cue).toEqual({ cue_in: 0.5, cue_out: 198, next_start: 192.25 });
    await storeAnalysis(db, events, 'file-1', analysed(2, 197, 189));
    expect(await analysisOf(db, item.id, 'file-1')).toMatchObject({ cue_in: 0.5, cue_out: 197, next_start: 192.25 });
    expect(recorded.at(-1)).toMatchObject({ payload: { analysis: { cue_in: 0.5, cue_out: 197, edited: { cue_in: 0.5 } } } });
  });

  it('refuses cue points that cannot air, storing nothing, and gives a point back on null', async () => {
    await expect(setCues(db, events, item, { id: item.id, cue_out: 0.25 }, editor)).rejects.toMatchObject({ code: 'bad_request', message: 'Invalid input: cue_out: must be after the cue-in' });
    await expect(setCues(db, events, item, { id: item.id, next_start: 199 }, editor)).rejects.toMatchObject({ code: 'bad_request', message: 'Invalid input: next_start: must be between the cue-in and the cue-out' });
    expect(await analysisOf(db, item.id, 'file-1')).toMatchObject({ edited: { cue_in: 0.5, cue_out: null, next_start: 192.25 } });
    await setCues(db, events, item, { id: item.id, cue_in: null, next_start: null }, editor);
    expect(await analysisOf(db, item.id, 'file-1')).toMatchObject({ cue_in: 2, cue_out: 197, next_start: 189, edited: { cue_in: null, cue_out: null, next_start: null } });
    expect(await db.selectFrom('cue_edits').selectAll().execute()).toEqual([]);
  });
});
