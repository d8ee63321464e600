// How entries reach the trail: the account service follows the audited events on the bus, its own,
// the modules service's and the players' refused syncs, with durable consumers (each event stored once, whichever replica takes
// it, and again after an outage), and drops entries past AUDIT_RETENTION_DAYS every hour.
import type { IncomingEvent, Subscription } from '@airwave/bus';
import { EventFrame } from '@airwave/contracts';
import type { AccountContext } from '../shared/context';
import { insertEntry, pruneEntries } from './queries';
import { auditRowOf, retentionCutoff } from './rules';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export async function followAudit({ db, bus, logger, config }: AccountContext): Promise<Subscription[]> {
  const store = async ({ data }: IncomingEvent) => {
    const frame = EventFrame.safeParse(data);
    if (!frame.success) return;
    const row = auditRowOf(frame.data);
    if (row) await insertEntry(db, row);
  };
  const prune = () =>
    pruneEntries(db, retentionCutoff(config.auditRetentionDays)).catch((error: unknown) => logger.warn({ err: error }, 'Pruning the audit trail failed'));
  const subscriptions = [
    await bus.subscribe('account.>', store, { durable: 'account-audit', deliverFrom: 'all' }),
    await bus.subscribe('modules.module.*', store, { durable: 'account-audit-modules', deliverFrom: 'all' }),
    await bus.subscribe('modules.webhook.*', store, { durable: 'account-audit-webhooks', deliverFrom: 'all' }),
    await bus.subscribe('scheduling.player.sync_refused', store, { durable: 'account-audit-player-sync', deliverFrom: 'all' }),
  ];
  void prune();
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  return [...subscriptions, { unsubscribe: async () => clearInterval(timer) }];
}
