// Media archived or deleted: shows that air it are flagged (and announced), not left silently.
import type { SchedulingContext } from '../context';
import { flagShowsOfMedia } from './queries';

export function followGoneMedia({ db, bus, logger, events }: SchedulingContext) {
  return bus.subscribe(
    'media.item.*',
    async ({ subject, data }) => {
      const verb = subject.endsWith('.archived') ? 'archived' : subject.endsWith('.deleted') ? 'deleted' : null;
      if (!verb) return;
      const ids = ((data as { payload?: { ids?: number[] } }).payload?.ids ?? []).filter((n) => Number.isInteger(n));
      if (ids.length === 0) return;
      const reason = `media ${verb}`;
      await db.transaction().execute(async (trx) => {
        const flagged = await flagShowsOfMedia(trx, ids, reason);
        for (const show of flagged) await events.record(trx, 'scheduling.show.flagged', { id: show.id, player_id: show.player_id, reason }, null);
        if (flagged.length) logger.warn({ shows: flagged.map((s) => s.id), reason }, 'Shows flagged: their media is gone');
      });
      events.kick();
    },
    { durable: 'scheduling-media-items', deliverFrom: 'all' },
  );
}
