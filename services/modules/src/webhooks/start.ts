// The webhooks area of a modules replica: its operations, and (where secrets can be opened) the
// intake from the event stream, the dispatcher sending deliveries and the hourly pruning of the log.
import type { Subscription } from '@airwave/bus';
import type { ModulesContext } from '../context';
import { pruneDeliveries } from './deliveries';
import { startDispatcher } from './dispatcher';
import { bindWebhooks } from './handlers';
import { followEventsForWebhooks } from './intake';
import { createWebhookCache, followWebhookChanges } from './webhook-cache';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function startWebhooks(ctx: ModulesContext): Promise<Subscription[]> {
  const cache = createWebhookCache(ctx.db);
  const operations = await bindWebhooks(ctx, cache);
  if (!ctx.secrets) return operations;
  const { db, logger, webhookSettings: settings } = ctx;
  const dispatcher = startDispatcher(db, ctx.secrets, settings, logger);
  ctx.dispatcher = dispatcher;
  const changes = await followWebhookChanges(ctx.bus, cache);
  const intake = await followEventsForWebhooks(db, ctx.bus, cache, dispatcher.wake);
  const prune = () =>
    pruneDeliveries(db, new Date(Date.now() - settings.logDays * DAY_MS)).catch((error: unknown) => logger.warn({ err: error }, 'Pruning the webhook delivery log failed'));
  void prune();
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    await intake.unsubscribe();
    await changes.unsubscribe();
    await dispatcher.stop();
  };
  return [...operations, { unsubscribe: stop }];
}
