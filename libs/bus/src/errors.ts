import { AirwaveError, BusReply } from '@airwave/contracts';
import { JsonText } from './json-text';

/** What a handler's outcome looks like on the wire (both transports use it, through encodeReply). */
function replyOf(result: { ok: true; data: unknown } | { ok: false; error: unknown }, onHandlerError: ((e: unknown) => void) | undefined): BusReply {
  if (result.ok) return { ok: true, data: result.data === undefined ? null : result.data };
  if (AirwaveError.is(result.error)) return { ok: false, error: result.error.toWire() };
  onHandlerError?.(result.error);
  return { ok: false, error: { code: 'internal', message: 'Internal error.' } };
}

/** The serialized reply; a reply that cannot be serialized (cycles, BigInt) becomes 'internal'. */
export function encodeReply(result: { ok: true; data: unknown } | { ok: false; error: unknown }, onHandlerError: ((e: unknown) => void) | undefined): string {
  // Answered as JSON text: the text is the data (the shape SUCCESS_PREFIX and unwrapReplyJson read).
  if (result.ok && result.data instanceof JsonText) return `${SUCCESS_PREFIX}${result.data.text}}`;
  try {
    return JSON.stringify(replyOf(result, onHandlerError));
  } catch (error) {
    onHandlerError?.(error);
    return JSON.stringify(replyOf({ ok: false, error: new Error('Unserializable reply.') }, undefined));
  }
}

/** A reply's data, parsed from the reply's text (an empty text is a malformed reply). */
export function readReply(wire: string, subject: string): unknown {
  return unwrapReply(wire.length === 0 ? null : JSON.parse(wire), subject);
}

/** How a successful reply's text begins (encodeReply: `JSON.stringify({ ok: true, data })`). */
const SUCCESS_PREFIX = '{"ok":true,"data":';

/**
 * A reply's data as JSON text. A success as encodeReply writes it is sliced out of the text without
 * parsing it (the text is JSON made by JSON.stringify, so the slice is exactly `JSON.stringify(data)`);
 * anything else is parsed and unwrapped as `unwrapReply` does (a failure throws its AirwaveError).
 */
export function unwrapReplyJson(wire: string, subject: string): string {
  if (wire.startsWith(SUCCESS_PREFIX) && wire.charCodeAt(wire.length - 1) === 0x7d) return wire.slice(SUCCESS_PREFIX.length, -1);
  let raw: unknown;
  try {
    raw = JSON.parse(wire);
  } catch {
    throw new AirwaveError('internal', `Malformed reply on ${subject}.`);
  }
  return JSON.stringify(unwrapReply(raw, subject) ?? null);
}

export function unwrapReply(raw: unknown, subject: string): unknown {
  // A success needs no schema: `data` may be any JSON value (what BusReply's parse would return).
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && (raw as { ok?: unknown }).ok === true) return (raw as { data?: unknown }).data;
  const reply = BusReply.safeParse(raw);
  if (!reply.success) throw new AirwaveError('internal', `Malformed reply on ${subject}.`);
  if (reply.data.ok) return reply.data.data;
  throw AirwaveError.fromWire(reply.data.error);
}

export const noResponders = (subject: string) => new AirwaveError('unavailable', `No service is answering ${subject}.`);
export const timedOut = (subject: string, ms: number) => new AirwaveError('timeout', `No reply on ${subject} within ${ms} ms.`);
export const closed = () => new AirwaveError('unavailable', 'The bus is closed.');
