// Wire formats of bus requests and replies, shared by every transport and every service.
import { z } from 'zod';
import { Principal } from './principal';
import { WireError } from './errors';

/** Header names carried on bus messages. */
export const busHeaders = {
  requestId: 'x-request-id',
  traceparent: 'traceparent',
  /**
   * When the caller stops waiting for the reply: epoch milliseconds, set by the bus on every request
   * from its timeout (the earlier of that and a deadline already carried). A service starts no work
   * and commits no transaction past it, less a margin for the reply's way back (docs/reliability.md).
   */
  deadline: 'x-airwave-deadline',
} as const;

export const BusRequest = z.object({
  input: z.unknown(),
  principal: Principal.nullable(),
});
export type BusRequest = z.infer<typeof BusRequest>;

export const BusReply = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: WireError }),
]);
export type BusReply = z.infer<typeof BusReply>;

/** Every event shares this frame; `payload` is validated by the event's own schema. */
export const EventFrame = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  /** Who made the change; `address` (the client's, as the gateway saw it) and `requestId` where it came through the API. */
  actor: z.object({
    userId: z.number().int().nullable(),
    username: z.string().nullable(),
    address: z.string().optional(),
    requestId: z.string().optional(),
  }),
  payload: z.unknown(),
  /**
   * The event's place in its service's outbox, increasing in the order the service committed its
   * changes: of two events about one entity, the higher is the later (drop one lower than the last seen).
   */
  sequence: z.number().int().positive().optional(),
});
export type EventFrame = z.infer<typeof EventFrame>;
