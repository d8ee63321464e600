// W3C trace context (https://www.w3.org/TR/trace-context/): continue a valid incoming
// `traceparent` (same trace, new span) or start a new trace.
import { randomFillSync } from 'node:crypto';

// Random ids come from a pool refilled 8 KiB at a time: two randomBytes calls per request were a
// tenth of the gateway's CPU under load.
const pool = Buffer.alloc(8192);
let poolOffset = pool.length;
function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

const pattern = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function traceparentOf(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  const match = value ? pattern.exec(value.trim()) : null;
  const traceId = match && !/^0+$/.test(match[1]!) ? match[1]! : randomHex(16);
  const flags = match ? match[3]! : '01';
  return `00-${traceId}-${randomHex(8)}-${flags}`;
}

/** The trace id of a traceparent made by `traceparentOf` (valid by construction: no parsing needed). */
export const traceIdOf = (traceparent: string) => traceparent.slice(3, 35);
