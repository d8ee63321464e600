// When a failed delivery is tried again: after WEBHOOK_FIRST_RETRY_SECONDS, each wait twice the
// one before (up to 2 hours, with a tenth of jitter so receivers coming back are not hit by every
// delivery at once), until the retry window (WEBHOOK_RETRY_HOURS from the first attempt or a manual
// retry) is over: then the delivery is given up.

export interface RetrySettings {
  firstRetryMs: number;
  windowMs: number;
}

export const LONGEST_WAIT_MS = 2 * 60 * 60 * 1000;

/** The wait after the nth failed attempt (n ≥ 1), before jitter. */
export function waitAfter(failedAttempts: number, settings: RetrySettings): number {
  return Math.min(settings.firstRetryMs * 2 ** Math.min(failedAttempts - 1, 40), LONGEST_WAIT_MS);
}

/** The next attempt's time after a failure, or null when the window is over (give up). */
export function nextAttemptAfterFailure(
  failedAttempts: number,
  windowStart: Date,
  now: Date,
  settings: RetrySettings,
  random: () => number = Math.random,
): Date | null {
  const wait = waitAfter(failedAttempts, settings) * (1 + (random() - 0.5) / 5);
  const next = now.getTime() + wait;
  return next > windowStart.getTime() + settings.windowMs ? null : new Date(next);
}
