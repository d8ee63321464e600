// The response envelope that existing OpenBroadcaster clients read: { status, msg, data }.
import { z } from 'zod';

export const Envelope = z.object({
  status: z.boolean(),
  msg: z.string(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof Envelope>;

export const ok = (data: unknown, msg = 'OK'): Envelope => ({ status: true, msg, data: data ?? null });
/**
 * The text of `ok(data, msg)` from the data's JSON text (as `Bus.requestJson` gives it): the same
 * bytes `JSON.stringify(ok(JSON.parse(dataJson), msg))` would write, without parsing the data.
 */
export const okJson = (dataJson: string, msg = 'OK'): string => `{"status":true,"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
export const failure = (msg: string, data: unknown = null): Envelope => ({ status: false, msg, data });
