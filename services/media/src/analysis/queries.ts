// The analyses table (issue 44): each file's analysis once stored, the audio items' files waiting
// for theirs (the queue: a file without a row), and one item's analysis as the API answers it.
import type { AnalysisProgress, ItemLoudness, ItemSoundFigures, MediaAnalysis } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MediaDB, MediaSchema } from '../schema';
import { effectiveCues, milli, NO_EDITS, type EditedCues } from './cues';
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
    // read back once, as answered (each item's own id and edited cue points in it)
    const { waveform: _waveform, ...answered } = await fileAnalysis(trx, fileId);
    const edits = await editsOf(trx, items.map((item) => item.id));
    for (const { id } of items) await events.record(trx, 'media.item.analysed', { id, analysis: withEdits(answered, id, edits.get(id)) }, null);
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

/** Where an analysed file airs from and to, seconds: its cue-in, cue-out, and where the next item may start over its tail. */
export interface ItemCue {
  cue_in: number;
  cue_out: number;
  next_start: number;
}

/** What an item's analysed file brings on air: its loudness (none when silent) and its cue points. */
export interface ItemSound {
  loudness?: ItemLoudness;
  cue: ItemCue;
}

const tenth = (value: number | string) => Math.round(Number(value) * 10) / 10;
/** A stored figure rounded, or null where there is none. */
const rounded = (round: (value: number) => number) => (value: number | null | undefined) => (value === null || value === undefined ? null : round(value));
const milliOrNull = rounded(milli);
const tenthOrNull = rounded(tenth);

/** The sound of each of these items whose current file is analysed, by item id. */
export async function soundOf(db: MediaDB, ids: number[]): Promise<Map<number, ItemSound>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('analyses', 'analyses.file_id', 'items.file_id')
    .select(['items.id', 'analyses.integrated_lufs', 'analyses.true_peak', 'analyses.cue_in', 'analyses.cue_out', 'analyses.next_start'])
    // one parameter however many items (a default block's thousands of picks), as resolve-load.ts asks
    .where(sql<SqlBool>`items.id = any(${sql.val([...new Set(ids)])}::int[])`)
    .where('analyses.status', '=', 'analysed')
    .execute();
  const edits = await editsOf(db, rows.map((r) => r.id));
  return new Map(
    rows.flatMap((r) => {
      if (r.cue_in === null || r.cue_out === null || r.next_start === null) return [];
      const loudness = r.integrated_lufs !== null && r.true_peak !== null ? { integrated_lufs: tenth(r.integrated_lufs), true_peak: tenth(r.true_peak) } : undefined;
      const cue = effectiveCues({ cue_in: milli(r.cue_in), cue_out: milli(r.cue_out), next_start: milli(r.next_start) }, edits.get(r.id));
      return [[r.id, { ...(loudness ? { loudness } : {}), cue }] as const];
    }),
  );
}

/** How many audio items wait for their file's analysis. */
export async function countWaiting(db: MediaDB): Promise<number> {
  const { n } = await waiting(db)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** An item's edited cue points (none edited: all null). */
export async function editsOf(db: MediaDB, ids: number[]): Promise<Map<number, EditedCues>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('cue_edits').select(['media_id', 'cue_in', 'cue_out', 'next_start']).where(sql<SqlBool>`media_id = any(${sql.val([...new Set(ids)])}::int[])`).execute();
  return new Map(rows.map((r) => [r.media_id, { cue_in: milliOrNull(r.cue_in), cue_out: milliOrNull(r.cue_out), next_start: milliOrNull(r.next_start) }]));
}

type FileAnalysis = Omit<MediaAnalysis, 'media_id' | 'edited'>;

/** A file's analysis as answered, without the item's edits (waiting when there is none yet). */
export async function fileAnalysis(db: MediaDB, fileId: string): Promise<FileAnalysis> {
  const row = await db.selectFrom('analyses').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  if (!row) {
    return { status: 'waiting', integrated_lufs: null, loudness_range: null, true_peak: null, cue_in: null, cue_out: null, next_start: null, seconds: null, waveform: [], reason: null, analysed_at: null };
  }
  const { file_id: _file, analysed_at, ...figures } = row;
  return {
    ...figures,
    integrated_lufs: milliOrNull(figures.integrated_lufs),
    loudness_range: milliOrNull(figures.loudness_range),
    true_peak: milliOrNull(figures.true_peak),
    cue_in: milliOrNull(figures.cue_in),
    cue_out: milliOrNull(figures.cue_out),
    next_start: milliOrNull(figures.next_start),
    seconds: milliOrNull(figures.seconds),
    analysed_at: analysed_at.toISOString(),
  };
}

/** The file's analysis for one item: its edited cue points over the analysed ones. */
export function withEdits<T extends Omit<FileAnalysis, 'waveform'>>(analysis: T, mediaId: number, edited: EditedCues = NO_EDITS): T & Pick<MediaAnalysis, 'media_id' | 'edited'> {
  const { cue_in, cue_out, next_start } = analysis;
  if (cue_in === null || cue_out === null || next_start === null) return { ...analysis, media_id: mediaId, edited };
  return { ...analysis, ...effectiveCues({ cue_in, cue_out, next_start }, edited), media_id: mediaId, edited };
}

/** An item's analysis as answered: its file's, with its edited cue points. */
export async function analysisOf(db: MediaDB, mediaId: number, fileId: string): Promise<MediaAnalysis> {
  const [analysis, edits] = await Promise.all([fileAnalysis(db, fileId), editsOf(db, [mediaId])]);
  return withEdits(analysis, mediaId, edits.get(mediaId));
}

/** How many audio items wait for their file's analysis, are analysed, or could not be decoded. */
export async function analysisProgress(db: MediaDB): Promise<AnalysisProgress> {
  const rows = await db
    .selectFrom('items')
    .leftJoin('analyses', 'analyses.file_id', 'items.file_id')
    .where('items.type', '=', 'audio')
    .select((eb) => [eb.fn.coalesce('analyses.status', sql<string>`'waiting'`).as('status'), eb.fn.countAll<string>().as('n')])
    .groupBy('analyses.status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { waiting: count('waiting'), analysed: count('analysed'), undecodable: count('undecodable') };
}

/** The loudness and true peak of these items (those `visible` keeps), in the order asked. */
export async function loudnessList(db: MediaDB, ids: number[], visible: (eb: ExpressionBuilder<MediaSchema, 'items'>) => Expression<SqlBool>): Promise<ItemSoundFigures[]> {
  // the items read on their own first: the visibility rule names the items' columns unqualified
  const items = await db.selectFrom('items').select(['id', 'file_id']).where(sql<SqlBool>`id = any(${sql.val([...new Set(ids)])}::int[])`).where(visible).execute();
  if (items.length === 0) return [];
  const analysed = await db.selectFrom('analyses').select(['file_id', 'status', 'integrated_lufs', 'true_peak']).where(sql<SqlBool>`file_id = any(${sql.val(items.map((i) => i.file_id))}::text[])`).execute();
  const byFile = new Map(analysed.map((a) => [a.file_id, a]));
  const byId = new Map(items.map((i) => [i.id, byFile.get(i.file_id)]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const a = byId.get(id);
      return { media_id: id, status: a?.status ?? 'waiting', integrated_lufs: tenthOrNull(a?.integrated_lufs), true_peak: tenthOrNull(a?.true_peak) };
    });
}
