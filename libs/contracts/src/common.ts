// Building blocks shared by many contracts.
import { z } from 'zod';

/** A positive integer id; accepts numeric strings because path and query parameters are strings. */
export const Id = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive id' })
  .max(2_147_483_647, { error: 'must be at most 2147483647' });

/** Booleans as JSON sends them, and as query strings and OpenBroadcaster clients do ("1", "true"). */
export const Flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((v) => v === 'true' || v === '1' || v === 'on'),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
]);

export const Empty = z.object({}).passthrough();
export const Nothing = z.null();
