// The response envelope that existing OpenBroadcaster clients read: { status, msg, data }.
import { z } from 'zod';

export const Envelope = z.object({
  status: z.boolean(),
  msg: z.string(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof Envelope>;

export const ok = (data: unknown, msg = 'OK'): Envelope => ({ status: true, msg, data: data ?? null });
export const failure = (msg: string, data: unknown = null): Envelope => ({ status: false, msg, data });
