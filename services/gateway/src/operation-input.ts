// An operation's input as a request carries it, checked before any bus hop: where the fields come
// from (query, body, the form field `d`), the id a creation route ignores, parameters the operation
// does not read, the contract itself, and text PostgreSQL cannot store.
import { AirwaveError, isNewRecordId, validationError, type Operation } from '@airwave/contracts';
import type { FastifyRequest } from 'fastify';
import { unwrapFormData } from './form-data';
import { inputKeys } from './input-keys';

/** Query parameters any operation takes besides its own: credentials and jQuery's cache buster. */
const ALWAYS_ALLOWED_PARAMETERS: ReadonlySet<string> = new Set(['i', 'k', '_']);

/** Whether a value (keys included) holds a string with U+0000 anywhere inside it. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const inner of value) if (holdsNul(inner)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Where an operation's fields arrive. GET: the query string. DELETE: the query string, and a JSON
 * body when one is sent. Others: the body. Always an object, or a 400.
 */
export function requestSource(method: string, request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  const source =
    method === 'GET'
      ? (request.query ?? {})
      : method === 'DELETE'
        ? { ...((request.query ?? {}) as Record<string, unknown>), ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) }
        : (body ?? {});
  if (typeof source !== 'object' || Array.isArray(source)) throw new AirwaveError('bad_request', 'The request body must be a JSON object.');
  return source as Record<string, unknown>;
}

/** The operation's own fields: credentials dropped, `d` unwrapped, a new record's id removed on creation routes. */
export function operationFields(source: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const { i: _i, k: _k, ...fields } = unwrapFormData(source);
  // A creation route (creation.ts): the id a client sends for a record not yet made means none.
  if (creating && isNewRecordId(fields.id)) delete fields.id;
  return fields;
}

/**
 * A query parameter the operation does not read is a 400, never dropped: a misspelt filter must
 * not widen a search. Credentials (`i`, `k`) and jQuery's cache buster (`_`) are always allowed.
 */
export function refuseUnknownParameters(op: Operation, query: Record<string, unknown>, params: Record<string, unknown>): void {
  const known = inputKeys(op.input);
  if (!known) return;
  const unknown = Object.keys(query).filter((name) => !known.has(name) && !(name in params) && !ALWAYS_ALLOWED_PARAMETERS.has(name));
  if (unknown.length === 0) return;
  throw new AirwaveError('bad_request', `Invalid input: unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).join(', ')}`, {
    issues: unknown.slice(0, 20).map((name) => ({ path: name, message: 'is not a parameter of this endpoint' })),
  });
}

/**
 * Validates here to answer 400 without a bus hop; the service parses the input as the client wrote
 * it with the same contract (parsing is not idempotent: transforms). PostgreSQL text cannot hold
 * U+0000: refused here rather than failing in a service (the parsed input too: JSON inside a query
 * parameter may hold it as an escape).
 */
export function checkInput(op: Operation, raw: Record<string, unknown>): void {
  const input = op.input.safeParse(raw);
  if (!input.success) throw validationError(input.error);
  if (holdsNul(raw) || holdsNul(input.data)) throw new AirwaveError('bad_request', 'Invalid input: text must not contain NUL characters (U+0000).');
}
