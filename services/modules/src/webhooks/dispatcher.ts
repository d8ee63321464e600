// Sends due deliveries, in the background of every modules replica: claims what is due (never
// more than CAPACITY attempts in flight, PER_WEBHOOK for one webhook, so a slow receiver cannot
// hold up the others), signs and POSTs each, and records the outcome with its next attempt. It is
// woken when deliveries are logged and polls for retries coming due. Nothing here is on an API
// request's path: a slow or failing receiver only ever delays its own deliveries.
import type { Logger } from '@airwave/logging';
import type { SecretBox } from '@airwave/service-kit';
import type { ModulesDB } from '../schema';
import { claimDue, recordAttempt, type AttemptOutcome, type ClaimedDelivery, type DeliveryRow } from './deliveries';
import { nextAttemptAfterFailure, type RetrySettings } from './retries';
import { secretsOpener } from './secrets';
import { postDelivery, type AttemptResult } from './send';
import { signDelivery } from './signature';

const CAPACITY = 32;
const PER_WEBHOOK = 4;
/** How long past its timeout an attempt's claim holds: a replica that died mid-attempt leaves it to others after that. */
const LEASE_MARGIN_MS = 10_000;

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

/** Whether a claim took as many deliveries of one webhook as it may (so it may have more due). */
function filledAWebhook(rows: ClaimedDelivery[]): boolean {
  const taken = new Map<number, number>();
  for (const row of rows) taken.set(row.webhook_id, (taken.get(row.webhook_id) ?? 0) + 1);
  return [...taken.values()].some((n) => n >= PER_WEBHOOK);
}

/** One attempt at a claimed delivery: signed, POSTed, its outcome recorded with the next attempt. */
function attemptMaker(db: ModulesDB, box: SecretBox, settings: DispatchSettings): (row: ClaimedDelivery) => Promise<void> {
  const secretsOf = secretsOpener(box);
  /** A secret this server's keys cannot open (AIRWAVE_ENCRYPTION_KEY changed) fails the attempt, logged, without a POST. */
  const send = (row: ClaimedDelivery): Promise<AttemptResult> => {
    let secrets: string[];
    try {
      secrets = secretsOf({ ...row, id: row.webhook_id }, new Date());
    } catch {
      return Promise.resolve({ ok: false, statusCode: null, error: "the signing secret cannot be read with this server's AIRWAVE_ENCRYPTION_KEY: replace the secret" });
    }
    return postDelivery(row.url, row.body, signDelivery(secrets, row.event_id, new Date(), row.body), settings.timeoutMs);
  };
  return async (row) => {
    const result = await send(row);
    await recordAttempt(db, row.id, outcomeOf(result, row, new Date(), settings), new Date());
  };
}

export function startDispatcher(db: ModulesDB, box: SecretBox, settings: DispatchSettings, logger: Logger): Dispatcher {
  const inFlight = new Map<number, number>();
  const attempts = new Set<Promise<void>>();
  let stopped = false;

  const attempt = attemptMaker(db, box, settings);
  /** Whether the last claim may have left due deliveries behind (a full batch, or busy webhooks skipped). */
  let more = false;

  function track(row: ClaimedDelivery): void {
    inFlight.set(row.webhook_id, (inFlight.get(row.webhook_id) ?? 0) + 1);
    const running = attempt(row)
      .catch((error: unknown) => logger.warn({ err: error, webhook: row.webhook_id, delivery: row.id }, 'A webhook delivery attempt could not be made'))
      .finally(() => {
        inFlight.set(row.webhook_id, inFlight.get(row.webhook_id)! - 1);
        attempts.delete(running);
        if (more) wake();
      });
    attempts.add(running);
  }

  const claiming = coalesced(async () => {
    const busy = [...inFlight].filter(([, n]) => n >= PER_WEBHOOK).map(([id]) => id);
    const leaseMs = settings.timeoutMs + LEASE_MARGIN_MS;
    try {
      const limit = CAPACITY - attempts.size;
      const rows = await claimDue(db, { limit, perWebhook: PER_WEBHOOK, busy, leaseMs });
      more = rows.length >= limit || busy.length > 0 || filledAWebhook(rows);
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
