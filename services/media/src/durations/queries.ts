// The rows that hold a file's duration (its upload, the item whose file it is, the versions made
// from it), and the queue of files whose duration still comes from their header.
import type { ServiceEvents } from '@airwave/service-kit';
import type { MediaDB } from '../schema';
import { itemState, nextVersion } from '../shared/item-row';
import type { Measurement } from './decode';

/** Durations closer than this (half a millisecond) are the same: the item did not change. */
const SAME_WITHIN_SECONDS = 0.0005;

/** What a measurement changes: the decoded length, or only the mark that decoding failed. */
const changesOf = (measurement: Measurement) =>
  measurement.kind === 'decoded' ? { duration: measurement.seconds, duration_source: 'decoded' as const } : { duration_source: 'undecodable' as const };

const moves = (stored: number | null, measurement: Measurement) =>
  measurement.kind === 'decoded' && (stored === null || Math.abs(Number(stored) - measurement.seconds) >= SAME_WITHIN_SECONDS);

/**
 * Stores a file's measurement on every row that still has its header's duration, in one
 * transaction; an item whose duration changed gets a new version and a `media.item.saved` event
 * (no actor: the service measured it). Answers the ids of those items; a file no row holds any
 * more (its item deleted meanwhile) changes nothing.
 */
export async function applyMeasurement(db: MediaDB, events: ServiceEvents, fileId: string, measurement: Measurement): Promise<number[]> {
  const changes = changesOf(measurement);
  return db.transaction().execute(async (trx) => {
    // The upload first: a save making an item of it locks it before inserting the item, so the
    // item below is either the save's, committed, or made afterwards from the measured upload.
    await trx.updateTable('uploads').set(changes).where('file_id', '=', fileId).where('duration_source', '=', 'container').execute();
    const items = await trx.selectFrom('items').select(['id', 'duration']).where('file_id', '=', fileId).where('duration_source', '=', 'container').orderBy('id').forUpdate().execute();
    const changed: number[] = [];
    for (const item of items) {
      const moved = moves(item.duration, measurement);
      const row = await trx
        .updateTable('items')
        .set(moved ? { ...changes, version: nextVersion } : changes)
        .where('id', '=', item.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!moved) continue;
      await events.record(trx, 'media.item.saved', { id: row.id, created: false, item: itemState(row) }, null);
      changed.push(row.id);
    }
    await trx.updateTable('versions').set(changes).where('file_id', '=', fileId).where('duration_source', '=', 'container').execute();
    return changed;
  });
}

export interface QueuedFile {
  fileId: string;
  /** The header's duration (the time limit of its decode grows with it). */
  duration: number | null;
}

/** The next items (after `afterId`, in id order) whose audio or video was not decoded yet. */
export async function queuedItems(db: MediaDB, afterId: number, limit: number): Promise<(QueuedFile & { id: number })[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'file_id', 'duration'])
    .where('duration_source', '=', 'container')
    .where('type', 'in', ['audio', 'video'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, fileId: row.file_id, duration: row.duration === null ? null : Number(row.duration) }));
}

/** The next versions (after `after`, in item and `created` order) whose file was not decoded yet. */
export async function queuedVersions(db: MediaDB, after: [number, number], limit: number): Promise<(QueuedFile & { key: [number, number] })[]> {
  const rows = await db
    .selectFrom('versions')
    .select(['media_id', 'created', 'file_id', 'duration'])
    .where('duration_source', '=', 'container')
    .where((eb) => eb(eb.refTuple('media_id', 'created'), '>', eb.tuple(after[0], after[1])))
    .orderBy('media_id')
    .orderBy('created')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: [row.media_id, Number(row.created)], fileId: row.file_id, duration: row.duration === null ? null : Number(row.duration) }));
}

/** How many files (of items and versions) wait to be measured. */
export async function countQueued(db: MediaDB): Promise<number> {
  const { n } = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('items')
        .select('file_id')
        .where('duration_source', '=', 'container')
        .where('type', 'in', ['audio', 'video'])
        .union(eb.selectFrom('versions').select('file_id').where('duration_source', '=', 'container'))
        .as('queued'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
