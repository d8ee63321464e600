// OpenBroadcaster's form transport: without an Authorization header its clients send a request's
// data as a JSON string in the form field (or query parameter) `d`, beside the credentials `i` and
// `k`. The fields of `d` become the request's fields; anything else sent beside it stays.
import { AirwaveError } from '@airwave/contracts';

const notAnObject = () => new AirwaveError('bad_request', 'Invalid input: d: must be the request data as a JSON object');

export function unwrapFormData(source: Record<string, unknown>): Record<string, unknown> {
  if (!('d' in source)) return source;
  const { d, ...rest } = source;
  if (typeof d !== 'string') throw notAnObject();
  if (d.trim() === '') return rest;
  let data: unknown;
  try {
    data = JSON.parse(d);
  } catch {
    throw notAnObject();
  }
  // PHP's json_encode writes an empty array for no data.
  if (Array.isArray(data) && data.length === 0) return rest;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw notAnObject();
  return { ...rest, ...(data as Record<string, unknown>) };
}
