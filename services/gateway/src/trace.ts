// W3C trace context (https://www.w3.org/TR/trace-context/): continue a valid incoming
// `traceparent` (same trace, new span) or start a new trace.
import { randomBytes } from 'node:crypto';

const pattern = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function traceparentOf(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  const match = value ? pattern.exec(value.trim()) : null;
  const traceId = match && !/^0+$/.test(match[1]!) ? match[1]! : randomBytes(16).toString('hex');
  const flags = match ? match[3]! : '01';
  return `00-${traceId}-${randomBytes(8).toString('hex')}-${flags}`;
}

export const traceIdOf = (traceparent: string | undefined) => (traceparent ? pattern.exec(traceparent)?.[1] : undefined);
