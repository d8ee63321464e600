// Sends due deliveries, in the background of every modules replica: claims what is due (never
// more than CAPACITY attempts in flight, PER_WEBHOOK for one webhook, so a slow receiver cannot
// hold up the others), signs and POSTs each, and records the outcome with its next attempt. It is
// woken when deliveries are logged and polls for retries coming due. Nothing here is on an API
// request's path: a slow or failing receiver only ever delays its own deliveries.
import type { Logger } from '@airwave/logging';
import type { SecretBox } from '@airwave/service-kit';
import type { ModulesDB } from '../schema';
import { claimDue, recordAttempt, type AttemptOutcome, type DeliveryRow } from './deliveries';
import { webhookRows } from './queries';
import { nextAttemptAfterFailure, type RetrySettings } from './retries';
import { signingSecrets } from './secrets';
import { postDelivery, type AttemptResult } from './send';
import { signDelivery } from './signature';

const CAPACITY = 32;
const PER_WEBHOOK = 4;

export interface DispatchSettings extends RetrySettings {
  timeoutMs: number;
}

export interface Dispatcher {
  /** Look for due deliveries now (after new ones were logged). */
  wake(): void;
  stop(): Promise<void>;
}

function outcomeOf(result: AttemptResult, row: DeliveryRow, now: Date, settings: RetrySettings): AttemptOutcome {
  if (result.ok) return { delivered: true, statusCode: result.statusCode };
  const nextAttemptAt = nextAttemptAfterFailure(row.attempts + 1, row.window_start, now, settings);
  return { delivered: false, statusCode: result.statusCode, error: result.error, nextAttemptAt };
}

/** Runs `task` when triggered: never twice at once, once more when triggered while running. */
function coalesced(task: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  const trigger = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = null;
      if (again) {
        again = false;
        trigger();
      }
    });
  };
  return { trigger, idle: () => running ?? Promise.resolve() };
}

export function startDispatcher(db: ModulesDB, box: SecretBox, settings: DispatchSettings, logger: Logger): Dispatcher {
  const inFlight = new Map<number, number>();
  const attempts = new Set<Promise<void>>();
  let stopped = false;

  async function attempt(row: DeliveryRow): Promise<void> {
    const [webhook] = await webhookRows(db, row.webhook_id);
    if (!webhook) return;
    const headers = signDelivery(signingSecrets(box, webhook, new Date()), row.event_id, new Date(), row.body);
    const result = await postDelivery(webhook.url, row.body, headers, settings.timeoutMs);
    await recordAttempt(db, row.id, outcomeOf(result, row, new Date(), settings), new Date());
  }

  function track(row: DeliveryRow): void {
    inFlight.set(row.webhook_id, (inFlight.get(row.webhook_id) ?? 0) + 1);
    const running = attempt(row)
      .catch((error: unknown) => logger.warn({ err: error, webhook: row.webhook_id, delivery: row.id }, 'A webhook delivery attempt could not be made'))
      .finally(() => {
        inFlight.set(row.webhook_id, inFlight.get(row.webhook_id)! - 1);
        attempts.delete(running);
        wake();
      });
    attempts.add(running);
  }

  const claiming = coalesced(async () => {
    const busy = [...inFlight].filter(([, n]) => n >= PER_WEBHOOK).map(([id]) => id);
    const leaseMs = settings.timeoutMs + 30_000;
    try {
      const rows = await claimDue(db, { limit: CAPACITY - attempts.size, perWebhook: PER_WEBHOOK, busy, leaseMs });
      // Stopping: rows claimed now are taken again once their lease is over (after a restart, or by another replica).
      if (!stopped) for (const row of rows) track(row);
    } catch (error) {
      logger.warn({ err: error }, 'Claiming webhook deliveries failed; trying again shortly');
    }
  });
  const wake = () => {
    if (!stopped) claiming.trigger();
  };

  const timer = setInterval(wake, Math.min(1000, Math.max(50, settings.firstRetryMs / 2)));
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await claiming.idle();
      await Promise.allSettled([...attempts]);
    },
  };
}
