// The service edge's part of a request's deadline (docs/reliability.md, "Deadlines"): work whose
// caller has stopped waiting is not started, and the handler runs under a commit deadline that the
// database driver keeps (libs/db deadline.ts): nothing commits after it.
import { deadlineOf, type Headers } from '@airwave/bus';
import { AirwaveError } from '@airwave/contracts';
import { runWithDeadline } from '@airwave/db';

/**
 * How long before the caller's deadline a transaction must have committed: room for the reply's way
 * back (and for clocks that differ a little). Never more than half the time left, so a short
 * deadline still leaves the work time to run.
 */
export const REPLY_MARGIN_MS = 500;

/** The time by which the request's work must have committed, or undefined when it carries no deadline. */
export function commitDeadline(headers: Headers, now = Date.now()): number | undefined {
  const deadline = deadlineOf(headers);
  if (deadline === undefined) return undefined;
  return deadline - Math.min(REPLY_MARGIN_MS, Math.max(0, deadline - now) / 2);
}

/** Runs a handler within its request's deadline; refuses it when the deadline has already passed. */
export function withinDeadline<T>(headers: Headers, work: () => Promise<T>): Promise<T> {
  const commitBy = commitDeadline(headers);
  if (commitBy === undefined) return work();
  if (commitBy <= Date.now()) {
    return Promise.reject(new AirwaveError('timeout', "The request's deadline passed before it reached the service; nothing was done."));
  }
  return runWithDeadline(commitBy, work);
}
