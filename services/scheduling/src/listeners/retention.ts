// Listener sessions kept for the retention the station sets (LISTENER_RETENTION_DAYS, default 90):
// those that ended longer ago are deleted at the service's start and every hour after (a session
// still listening is kept whatever its age), each play's figures settled first (settle.ts), so they
// outlive the sessions. Each replica may do both; neither conflicts with another's.
import type { SchedulingContext } from '../context';
import { settlePlays } from './settle';

const EVERY_MS = 3_600_000;
const DAY = 86_400_000;

export async function pruneListenerSessions({ db, listenerRetentionDays }: Pick<SchedulingContext, 'db' | 'listenerRetentionDays'>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('listener_sessions').where('ended', '<', new Date(now - listenerRetentionDays * DAY)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function keepListenerRetention(context: SchedulingContext): { unsubscribe(): Promise<void> } {
  const prune = async () => {
    try {
      const settled = await settlePlays(context);
      const deleted = await pruneListenerSessions(context);
      if (settled > 0 || deleted > 0) context.logger.info({ settled, deleted, retentionDays: context.listenerRetentionDays }, 'Plays’ listener figures settled; listener sessions past their retention deleted');
    } catch (error) {
      context.logger.warn({ err: error }, 'Listener figures not settled or sessions not pruned: tried again in an hour');
    }
  };
  const first = setTimeout(() => void prune(), 5_000);
  const timer = setInterval(() => void prune(), EVERY_MS);
  first.unref();
  timer.unref();
  return {
    async unsubscribe() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
