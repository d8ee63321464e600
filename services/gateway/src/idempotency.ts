// Safe retries of writes (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): a write sent
// with an Idempotency-Key runs once per user and key; a retry gets the first reply again, kept 24 h
// in the session store (Redis in production, so every gateway replica sees it). The same key with
// another request is 422, a retry while the first still runs is 409. Replies that say "try again"
// (5xx, 429) are not kept: the retry of the same request runs again, and since the service records
// the key in the transaction that commits the write (libs/service-kit/src/idempotency.ts), a write
// the first attempt made is not made twice: the retry gets its reply. A write whose reply did not
// come in time (503 `timeout`) says its outcome is unknown.
import { createHash } from 'node:crypto';
import { AirwaveError, httpStatusByCode, type Principal } from '@airwave/contracts';
import { IDEMPOTENCY_HEADER } from '@airwave/service-kit';
import type { SessionStore } from '@airwave/sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE } from './http-constants';
import { failureBody } from './plugins/errors';

export const KEEP_SECONDS = 24 * 3600;
/** How long a claim without a reply holds the key (a gateway that died mid-request releases it then). */
const IN_FLIGHT_SECONDS = 120;

/** A kept reply, the claim of a request still running, or a request to run again (its last reply said "try again"). */
type Kept = { fingerprint: string; status?: number; body?: string; again?: true };

/** The key of a write, or undefined without one; 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? raw.join(',') : raw;
  // A Structured Fields string ("...") or a bare token; visible ASCII only.
  const key = /^"(.*)"$/.exec(text)?.[1] ?? text;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AirwaveError('bad_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/** Sorted keys, so the same fields in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a replay must match: the operation (and route) and its input. */
export const fingerprintOf = (method: string, subject: string, input: unknown) => sha256(`${method} ${subject}\n${canonical(input)}`);

/** Answers the way the error handler does, as text to keep. */
function failureOf(error: AirwaveError): { status: number; body: string } {
  return { status: httpStatusByCode[error.code], body: JSON.stringify(failureBody(error)) };
}

/** Whether a reply is kept for retries: successes and final refusals, not "try again". */
const keeps = (status: number) => status < 500 && status !== 429;

/** What names a write's key to the service: its user, key and request, hashed (IDEMPOTENCY_HEADER). */
const keyIdOf = (scope: { principal: Principal; key: string; fingerprint: string }) => sha256(`${scope.principal.userId}\n${scope.key}\n${scope.fingerprint}`);

/** A write whose reply did not come in time may have been made: its 503 says so. */
export function withOutcome(error: unknown): unknown {
  if (!AirwaveError.is(error) || error.code !== 'timeout' || error.details !== undefined) return error;
  return new AirwaveError('timeout', `${error.message} The change may have been made: read it back, or retry with the same Idempotency-Key to learn its outcome.`, { outcome: 'unknown' });
}

export async function runIdempotently(
  store: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: { principal: Principal; key: string; fingerprint: string },
  run: (headers: Record<string, string>) => Promise<string>,
): Promise<FastifyReply> {
  const name = `idempotency:${scope.principal.userId}:${sha256(scope.key)}`;
  const claim = JSON.stringify({ fingerprint: scope.fingerprint } satisfies Kept);
  const claimed = await store.claimValue(name, claim, IN_FLIGHT_SECONDS);
  if (claimed !== null) {
    const kept = JSON.parse(claimed) as Kept;
    if (!(kept.again && kept.fingerprint === scope.fingerprint)) return replay(reply, kept, scope.fingerprint);
    await store.putValue(name, claim, IN_FLIGHT_SECONDS);
  }
  let answer: { status: number; body: string };
  try {
    answer = { status: 200, body: await run({ [IDEMPOTENCY_HEADER]: keyIdOf(scope) }) };
  } catch (error) {
    const refusal = AirwaveError.is(error) ? failureOf(error) : undefined;
    // A "try again" keeps the key for this request only: the same key with another is still 422.
    await keep(store, request, name, refusal && keeps(refusal.status) ? { fingerprint: scope.fingerprint, ...refusal } : { fingerprint: scope.fingerprint, again: true });
    throw withOutcome(error);
  }
  await keep(store, request, name, { fingerprint: scope.fingerprint, ...answer });
  return reply.code(answer.status).type(JSON_TYPE).send(answer.body);
}

/** Keeps the reply; a store that fails now must not fail a write that is done (the claim expires). */
async function keep(store: SessionStore, request: FastifyRequest, name: string, kept: Kept): Promise<void> {
  await store.putValue(name, JSON.stringify(kept), KEEP_SECONDS).catch((error: unknown) => request.log.warn({ err: error }, 'Idempotent reply not kept'));
}

function replay(reply: FastifyReply, kept: Kept, fingerprint: string): FastifyReply {
  if (kept.fingerprint !== fingerprint) {
    throw new AirwaveError('unprocessable', 'This Idempotency-Key was already used for another request.');
  }
  if (kept.status === undefined || kept.body === undefined) {
    throw new AirwaveError('conflict', 'A request with this Idempotency-Key is still in progress; retry later.');
  }
  return reply.code(kept.status).type(JSON_TYPE).header('idempotent-replayed', 'true').send(kept.body);
}
