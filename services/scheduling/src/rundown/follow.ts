// What makes cached blocks stale (docs/decisions/rundown.md, "Invalidation"): the service's own
// changes to shows, timeslots, players, dayparting, clocks, categories and formats, and the media service's to playlists and
// media items, followed as events. Blocks that have not begun are marked stale (resolved again
// when next asked) and `scheduling.rundown.changed` names each player's window they covered.
import type { Subscription } from '@airwave/bus';
import type { SchedulingContext } from '../context';
import { listZone } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { isoInZone } from '../schedule/recurrence';
import { markStale, reachesAny, type Reach } from './cache';
import { clocksUsingCategory } from '../clocks/store';

type Payload = Record<string, unknown> | undefined;

const ids = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((n): n is number => Number.isInteger(n) && (n as number) > 0);

/** A player and the children that take something from it (its schedule, playlist or station IDs). */
async function withChildren(db: SchedulingDB, playerId: number): Promise<number[]> {
  const children = await db.selectFrom('players').select('id').where('parent_player_id', '=', playerId).execute();
  return [playerId, ...children.map((c) => c.id)];
}

/** Marks what a change reaches stale and announces it, in one transaction. */
export async function invalidate({ db, events }: SchedulingContext, reach: Reach, now = Date.now()) {
  // Most media saves reach no cached block: one read says so, without a transaction or a relay run.
  if ('mediaIds' in reach && !(await reachesAny(db, reach, now))) return;
  const changed = await db.transaction().execute(async (trx) => {
    const spans = await markStale(trx, reach, now);
    for (const span of spans) {
      const zone = await listZone(trx, span.playerId);
      await events.record(trx, 'scheduling.rundown.changed', { player_id: span.playerId, start: isoInZone(span.start, zone), end: isoInZone(span.end, zone) }, null);
    }
    return spans.length;
  });
  if (changed > 0) events.kick();
}

/** What an event reaches, or null when it changes nothing a rundown answers. */
async function reachOf(db: SchedulingDB, subject: string, payload: Payload): Promise<Reach | null> {
  if (!payload) return null;
  if (subject.startsWith('scheduling.show.') || subject.startsWith('scheduling.timeslot.')) {
    return ids(payload.player_id).length ? { players: await withChildren(db, payload.player_id as number) } : null;
  }
  if (subject.startsWith('scheduling.player.')) return ids(payload.id).length ? { players: await withChildren(db, payload.id as number) } : null;
  if (subject.startsWith('scheduling.dayparting.')) return { all: true };
  if (subject.startsWith('scheduling.clock.')) return ids(payload.id).length ? { clockIds: ids(payload.id) } : null;
  if (subject.startsWith('scheduling.clock_category.')) return ids(payload.id).length ? { clockIds: await clocksUsingCategory(db, payload.id as number) } : null;
  if (subject.startsWith('scheduling.format.')) return ids(payload.player_id).length ? { players: await withChildren(db, payload.player_id as number) } : null;
  if (subject.startsWith('media.playlist.')) {
    const [id] = ids(payload.id ?? (payload.playlist as Payload)?.id);
    return id ? { playlistId: id } : null;
  }
  if (subject.startsWith('media.item.')) {
    const items = [...ids(payload.ids), ...ids(payload.id)];
    return items.length ? { mediaIds: items } : null;
  }
  return null;
}

export function followRundownChanges(context: SchedulingContext): Promise<Subscription[]> {
  const follow = (pattern: string, durable: string) =>
    context.bus.subscribe(
      pattern,
      async ({ subject, data }) => {
        const reach = await reachOf(context.db, subject, (data as { payload?: Payload }).payload);
        if (reach) await invalidate(context, reach);
      },
      { durable, deliverFrom: 'new' },
    );
  return Promise.all([
    follow('scheduling.show.>', 'scheduling-rundown-shows'),
    follow('scheduling.timeslot.>', 'scheduling-rundown-timeslots'),
    follow('scheduling.player.>', 'scheduling-rundown-players'),
    follow('scheduling.dayparting.>', 'scheduling-rundown-dayparting'),
    follow('scheduling.clock.>', 'scheduling-rundown-clocks'),
    follow('scheduling.clock_category.>', 'scheduling-rundown-categories'),
    follow('scheduling.format.>', 'scheduling-rundown-formats'),
    follow('media.playlist.*', 'scheduling-rundown-playlists'),
    follow('media.item.*', 'scheduling-rundown-media'),
  ]);
}
