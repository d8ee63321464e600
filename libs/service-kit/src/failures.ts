// How a handler's failure leaves the service: an AirwaveError as it is; the database's transient
// failures (connection lost, server restarting, timeouts, serialization failures, deadlocks) as
// `unavailable`, which the gateway answers 503 with Retry-After; anything else stays an unexpected
// error (logged, `internal`).
import { AirwaveError } from '@airwave/contracts';
import { isTransientDatabaseError } from '@airwave/db';

export function asEdgeFailure(error: unknown): unknown {
  if (AirwaveError.is(error) || !isTransientDatabaseError(error)) return error;
  const code = (error as { code?: unknown }).code;
  const conflicting = code === '40001' || code === '40P01';
  const failure = new AirwaveError(
    'unavailable',
    conflicting ? 'The change met a concurrent one and was not applied; try again.' : 'The database is not available; try again shortly.',
  );
  return Object.assign(failure, { cause: error });
}
