// The analyses table (issue 44): each file's analysis once stored, the audio items' files waiting
// for theirs (the queue: a file without a row), and one item's analysis as the API answers it.
import type { ItemLoudness, MediaAnalysis } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import { sql, type SqlBool } from 'kysely';
import type { MediaDB } from '../schema';
import type { Analysis } from './measure';

/** A figure as stored: an infinite one (a silent file's loudness) is unknown. */
const finite = (value: number) => (Number.isFinite(value) ? value : null);

/**
 * Stores a file's analysis (again: a later analysis of the same file replaces it) and announces it
 * for every item whose file it is (`media.item.analysed`), in one transaction; answers those items.
 */
export async function storeAnalysis(db: MediaDB, events: ServiceEvents, fileId: string, analysis: Analysis): Promise<number[]> {
  const row =
    analysis.kind === 'analysed'
      ? {
          status: 'analysed' as const,
          integrated_lufs: finite(analysis.integrated),
          loudness_range: finite(analysis.range),
          true_peak: finite(analysis.true_peak),
          cue_in: analysis.cue_in,
          cue_out: analysis.cue_out,
          next_start: analysis.next_start,
          seconds: analysis.seconds,
          waveform: JSON.stringify(analysis.waveform),
          reason: null,
        }
      : { status: 'undecodable' as const, integrated_lufs: null, loudness_range: null, true_peak: null, cue_in: null, cue_out: null, next_start: null, seconds: null, waveform: '[]', reason: analysis.reason };
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analyses')
      .values({ file_id: fileId, ...row })
      .onConflict((oc) => oc.column('file_id').doUpdateSet({ ...row, analysed_at: new Date() }))
      .execute();
    const items = await trx.selectFrom('items').select('id').where('file_id', '=', fileId).orderBy('id').execute();
    if (items.length === 0) return [];
    // read back once, as answered (each item's own id in it)
    const { waveform: _waveform, ...answered } = await analysisOf(trx, 0, fileId);
    for (const { id } of items) await events.record(trx, 'media.item.analysed', { id, analysis: { ...answered, media_id: id } }, null);
    return items.map((item) => item.id);
  });
}

/** The audio items whose file has no analysis yet: the queue. */
const waiting = (db: MediaDB) =>
  db
    .selectFrom('items')
    .where('type', '=', 'audio')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('analyses').select('file_id').whereRef('analyses.file_id', '=', 'items.file_id'))));

export interface WaitingFile {
  id: number;
  fileId: string;
  duration: number | null;
}

/** The next audio items whose file has no analysis, newest first (before `beforeId`, when given): new uploads first. */
export async function waitingItems(db: MediaDB, beforeId: number | null, limit: number): Promise<WaitingFile[]> {
  let query = waiting(db).select(['id', 'file_id', 'duration']);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, fileId: row.file_id, duration: row.duration === null ? null : Number(row.duration) }));
}

/** The loudness of each of these items whose current file is analysed, by item id. */
export async function loudnessOf(db: MediaDB, ids: number[]): Promise<Map<number, ItemLoudness>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('analyses', 'analyses.file_id', 'items.file_id')
    .select(['items.id', 'analyses.integrated_lufs', 'analyses.true_peak'])
    // one parameter however many items (a default block's thousands of picks), as resolve-load.ts asks
    .where(sql<SqlBool>`items.id = any(${sql.val([...new Set(ids)])}::int[])`)
    .where('analyses.status', '=', 'analysed')
    .where('analyses.integrated_lufs', 'is not', null)
    .where('analyses.true_peak', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, { integrated_lufs: Math.round(Number(r.integrated_lufs) * 10) / 10, true_peak: Math.round(Number(r.true_peak) * 10) / 10 }]));
}

/** How many audio items wait for their file's analysis. */
export async function countWaiting(db: MediaDB): Promise<number> {
  const { n } = await waiting(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** An item's file's analysis as answered (waiting when there is none yet). */
export async function analysisOf(db: MediaDB, mediaId: number, fileId: string): Promise<MediaAnalysis> {
  const row = await db.selectFrom('analyses').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  if (!row) {
    return { media_id: mediaId, status: 'waiting', integrated_lufs: null, loudness_range: null, true_peak: null, cue_in: null, cue_out: null, next_start: null, seconds: null, waveform: [], reason: null, analysed_at: null };
  }
  const { file_id: _file, analysed_at, ...figures } = row;
  const number = (value: number | null) => (value === null ? null : Math.round(Number(value) * 1000) / 1000);
  return {
    media_id: mediaId,
    ...figures,
    integrated_lufs: number(figures.integrated_lufs),
    loudness_range: number(figures.loudness_range),
    true_peak: number(figures.true_peak),
    cue_in: number(figures.cue_in),
    cue_out: number(figures.cue_out),
    next_start: number(figures.next_start),
    seconds: number(figures.seconds),
    analysed_at: analysed_at.toISOString(),
  };
}
