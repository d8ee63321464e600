// The replies of the OpenAPI document: the envelope, one reusable response per error status (with
// the `data.code` values that status carries), and the headers replies carry. Which statuses an
// operation lists follows from how the gateway answers (docs/decisions/api-conventions.md):
// errors map to statuses through httpStatusByCode, and a few statuses come from HTTP itself.
import { errorCodes, httpStatusByCode, type ErrorCode } from './errors';
import type { JsonSchema } from './openapi-schema';

export const envelope = (data: JsonSchema, status: boolean): JsonSchema => ({
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: { status: { const: status }, msg: { type: 'string' }, data },
  additionalProperties: false,
});

const errorData = (codes: readonly string[]): JsonSchema => ({
  type: 'object',
  required: ['code'],
  properties: { code: { enum: [...codes] }, details: { description: 'Machine-readable details; validation failures carry `issues: [{ path, message }]`.' } },
});

interface ErrorStatus {
  name: string;
  description: string;
  /** `data.code` values answered with this status (default: those httpStatusByCode maps to it). */
  codes?: ErrorCode[];
  retryAfter?: boolean;
}

/** Every error status the server answers, by status code. */
export const errorStatuses: Record<number, ErrorStatus> = {
  400: { name: 'BadRequest', description: 'Invalid input: malformed JSON, wrong types or values, an unknown query parameter, a URL that cannot be decoded' },
  401: { name: 'Unauthenticated', description: 'No credentials where needed, or unknown, expired, logged-out or malformed credentials' },
  403: { name: 'Forbidden', description: 'A permission is missing, or an app key may not call this' },
  404: { name: 'NotFound', description: 'No such record (or route)' },
  408: { name: 'RequestTimeout', description: 'The request took too long to arrive (answered by the HTTP server, `data.code` bad_request)', codes: ['bad_request'] },
  409: { name: 'Conflict', description: 'A uniqueness or scheduling collision, a stale write, or a request with the same Idempotency-Key still in progress' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the server accepts (BODY_LIMIT_BYTES; MAX_UPLOAD_BYTES for uploads)' },
  422: { name: 'Unprocessable', description: 'The Idempotency-Key was used before, by this user, for another request (method, route or body)' },
  429: { name: 'RateLimited', description: 'Too many attempts; wait for Retry-After seconds', retryAfter: true },
  431: { name: 'HeadersTooLarge', description: 'The request headers (cookies, a huge query string) are past the server limit of 16 KiB (`data.code` bad_request)', codes: ['bad_request'] },
  500: { name: 'Internal', description: 'A bug: logged with the request id (x-request-id), never detailed to the client' },
  503: { name: 'Unavailable', description: 'A dependency is unavailable or too slow; retry after Retry-After seconds', retryAfter: true },
};

const codesOf = (status: number): string[] =>
  errorStatuses[status]?.codes ?? errorCodes.filter((code) => httpStatusByCode[code] === status);

export const responseRef = (status: number): JsonSchema => ({ $ref: `#/components/responses/${errorStatuses[status]!.name}` });

const header = (description: string, schema: JsonSchema): JsonSchema => ({ description, schema });

export const headerComponents: Record<string, JsonSchema> = {
  RequestId: header("The request's id: the caller's x-request-id when plain (up to 128 characters), else a new UUID. Every log line of the request carries it.", { type: 'string' }),
  SessionExpiry: header("The session's new expiry, Unix seconds (every use of a session key slides it forward).", { type: 'integer' }),
  RetryAfter: header('Seconds to wait before trying again.', { type: 'integer' }),
  IdempotentReplayed: header('`true` when the reply is the stored reply of an earlier request with the same Idempotency-Key.', { type: 'string', enum: ['true'] }),
};

/** The Idempotency-Key request header of every write (docs/decisions/api-conventions.md). */
export const parameterComponents: Record<string, JsonSchema> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A unique key (1 to 255 visible ASCII characters, bare or as a quoted string) that makes a retry of this write safe: for 24 hours, the same user sending the same key with the same request gets the stored reply (with `Idempotent-Replayed: true`) instead of a second change; with another request, 422; while the first is still running, 409. Replies 5xx and 429 are not kept: the key may be retried.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The reusable error responses, one per status, each with the envelope and the codes it carries. */
export function errorResponseComponents(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, { name, description, retryAfter }] of Object.entries(errorStatuses)) {
    out[name] = {
      description,
      headers: { 'x-request-id': headerRef('RequestId'), ...(retryAfter ? { 'retry-after': headerRef('RetryAfter') } : {}) },
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, { properties: { data: { properties: { code: { enum: codesOf(Number(status)) } } } } }] },
        },
      },
    };
  }
  return out;
}

export const errorEnvelopeSchema = (): JsonSchema => envelope(errorData(errorCodes), false);

export interface StatusNeeds {
  /** A request body is read (413 past the limit, 409 for writes). */
  body: boolean;
  /** Credentials are read (401, 403); the gateway reads them for every operation (default). */
  credentials?: boolean;
  /** Public operations are rate limited (login, registration, password reset), and throttled ones (a password or code checked). */
  rateLimited?: boolean;
}

/**
 * The error statuses a route can answer. Any route: 400 (a URL that cannot be decoded, an invalid
 * input), 404, 408 and 431 (HTTP itself), 500 and 503. Routes that read credentials (every
 * operation: credentials presented are checked, app keys are limited to their endpoints): 401 and
 * 403. Routes that read a body (the writes): 409, 413 and 422 (an Idempotency-Key reused).
 */
export function errorStatusesFor(needs: StatusNeeds): number[] {
  const statuses = [400, 404, 408, 431, 500, 503];
  if (needs.credentials !== false) statuses.push(401, 403);
  if (needs.body) statuses.push(409, 413, 422);
  if (needs.rateLimited) statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

/** A route's responses: its successful ones and a reference for each error status. */
export function responsesOf(success: Record<string, JsonSchema>, statuses: number[], overrides: Record<string, JsonSchema> = {}): JsonSchema {
  const out: JsonSchema = { ...success };
  for (const status of statuses) out[String(status)] = responseRef(status);
  return { ...out, ...overrides };
}

/** The 200 reply of a JSON operation: the envelope around `data`. */
export function jsonSuccess(data: JsonSchema, sessionHeader: boolean, write = false): JsonSchema {
  return {
    description: 'Success: the envelope with `status: true`',
    headers: {
      'x-request-id': headerRef('RequestId'),
      ...(sessionHeader ? { 'x-session-expiry': headerRef('SessionExpiry') } : {}),
      ...(write ? { 'idempotent-replayed': headerRef('IdempotentReplayed') } : {}),
    },
    content: { 'application/json': { schema: envelope(data, true) } },
  };
}
