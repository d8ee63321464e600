// Every request carries when its caller stops waiting (busHeaders.deadline), so that the service
// can refuse work nobody waits for any more, e.g. requests a frozen NATS delivers late.
import { busHeaders } from '@airwave/contracts';
import type { Headers } from './types';

/** The headers with the request's deadline: now + timeout, or an earlier one the caller carried on. */
export function withDeadline(headers: Headers | undefined, timeoutMs: number): Headers {
  const own = Date.now() + timeoutMs;
  const carried = Number(headers?.[busHeaders.deadline]);
  const deadline = Number.isFinite(carried) && carried > 0 && carried < own ? carried : own;
  return { ...headers, [busHeaders.deadline]: String(deadline) };
}

/** The deadline a request carries (epoch milliseconds), if any. */
export function deadlineOf(headers: Headers): number | undefined {
  const value = Number(headers[busHeaders.deadline]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
