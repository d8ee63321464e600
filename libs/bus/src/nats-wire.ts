// How payloads and headers cross the NATS wire: JSON text as bytes, our headers as NATS headers.
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import type { Headers } from './types';

export const encoder = new TextEncoder();
export const decoder = new TextDecoder();
export const encode = (value: unknown) => encoder.encode(JSON.stringify(value === undefined ? null : value));
export const decode = (data: Uint8Array): unknown => (data.length === 0 ? null : JSON.parse(decoder.decode(data)));

export function toNatsHeaders(values: Headers | undefined): MsgHdrs | undefined {
  if (!values) return undefined;
  let h: MsgHdrs | undefined;
  // append, not set: the names of an object are unique, so there is nothing to replace (set looks).
  for (const name in values) (h ??= natsHeaders()).append(name, values[name]!);
  return h;
}

export function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const [name, values] of h) {
    if (name.toLowerCase().startsWith('nats-')) continue;
    out[name] = values[0] ?? '';
  }
  return out;
}
