// The analyses table (issue 44): each file's analysis once stored, the audio items' files waiting
// for theirs (the queue: a file without a row), and one item's analysis as the API answers it.
import type { MediaAnalysis } from '@airwave/contracts';
import type { MediaDB } from '../schema';
import type { Analysis } from './measure';

/** A figure as stored: an infinite one (a silent file's loudness) is unknown. */
const finite = (value: number) => (Number.isFinite(value) ? value : null);

/** Stores a file's analysis (again: a later analysis of the same file replaces it). */
export async function storeAnalysis(db: MediaDB, fileId: string, analysis: Analysis): Promise<void> {
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
  await db
    .insertInto('analyses')
    .values({ file_id: fileId, ...row })
    .onConflict((oc) => oc.column('file_id').doUpdateSet({ ...row, analysed_at: new Date() }))
    .execute();
}

export interface WaitingFile {
  id: number;
  fileId: string;
  duration: number | null;
}

/** The next audio items whose file has no analysis, newest first (before `beforeId`, when given): new uploads first. */
export async function waitingItems(db: MediaDB, beforeId: number | null, limit: number): Promise<WaitingFile[]> {
  let query = db
    .selectFrom('items')
    .select(['id', 'file_id', 'duration'])
    .where('type', '=', 'audio')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('analyses').select('file_id').whereRef('analyses.file_id', '=', 'items.file_id'))));
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, fileId: row.file_id, duration: row.duration === null ? null : Number(row.duration) }));
}

/** How many audio items wait for their file's analysis. */
export async function countWaiting(db: MediaDB): Promise<number> {
  const { n } = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type', '=', 'audio')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('analyses').select('file_id').whereRef('analyses.file_id', '=', 'items.file_id'))))
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
