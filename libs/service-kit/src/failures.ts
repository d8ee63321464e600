// How a failure leaves a service or the gateway: an AirwaveError as it is; the database's transient
// failures (connection lost, server restarting, timeouts, serialization failures, deadlocks) and the
// message bus's (closed, draining, disconnected, timed out, no responders) as `unavailable`, which
// the gateway answers 503 with Retry-After; anything else stays an unexpected error (logged, 500).
import { AirwaveError } from '@airwave/contracts';
import { DeadlinePassedError, isCommitOutcomeUnknown, isTransientDatabaseError } from '@airwave/db';

/** The error classes of the NATS client that say the bus, not the request, failed. */
const busFailureNames = new Set(['ClosedConnectionError', 'DrainingConnectionError', 'ConnectionError', 'TimeoutError', 'NoResponders', 'RequestError']);

export function isTransientBusError(error: unknown): boolean {
  return error instanceof Error && busFailureNames.has(error.name);
}

/** The failure as the edge answers it: transient database and bus errors become `unavailable`. */
export function asEdgeFailure(error: unknown): unknown {
  if (AirwaveError.is(error)) return error;
  if (error instanceof DeadlinePassedError) return Object.assign(new AirwaveError('timeout', error.message), { cause: error });
  // The one 503 after which the change may have been made (docs/reliability.md, "Deadlines"): it says so.
  if (isCommitOutcomeUnknown(error)) {
    const message = 'The database went away while the change was committing: it may have been made. Read it back before sending it again.';
    return Object.assign(new AirwaveError('unavailable', message, { outcome: 'unknown' }), { cause: error });
  }
  if (isTransientBusError(error)) return Object.assign(new AirwaveError('unavailable', 'The message bus is not available; try again shortly.'), { cause: error });
  if (!isTransientDatabaseError(error)) return error;
  const code = (error as { code?: unknown }).code;
  const conflicting = code === '40001' || code === '40P01';
  const failure = new AirwaveError(
    'unavailable',
    conflicting ? 'The change met a concurrent one and was not applied; try again.' : 'The database is not available; try again shortly.',
  );
  return Object.assign(failure, { cause: error });
}
