// One operation of the contract, run for one HTTP request: read its fields, identify and authorize
// the caller, check the input, send it over the bus with the caller's principal, and answer the
// service's reply in the OpenBroadcaster envelope.
import type { Bus } from '@airwave/bus';
import { account, authorize, okJson, type Operation, type Principal } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fingerprintOf, idempotencyKeyOf, runIdempotently, withOutcome } from './idempotency';
import { JSON_TYPE } from './http-constants';
import { checkInput, operationFields, refuseUnknownParameters, requestSource } from './operation-input';
import type { Caller } from './plugins/authentication';
import { busHeadersOf } from './plugins/request-context';

export interface OperationRunnerOptions {
  bus: Bus;
  /** Where Idempotency-Keys and their replies are kept (the session store: Redis in production). */
  sessions: SessionStore;
  identifyCaller(request: FastifyRequest, fields: Record<string, unknown>): Promise<Caller | null>;
  requestTimeoutMs?: number;
  /** Called after an operation of the modules service changed something (install, uninstall). */
  onModulesChanged(): void;
  /** Called after an operation of the account service changed something (a logout, a user, a group). */
  onAccountChanged?(): void;
}

/** Operations answered from the caller the gateway has already resolved, without a bus hop. */
const answeredHere: Record<string, (principal: Principal) => unknown> = {
  [account.uid.subject]: (principal) => ({ id: principal.userId, username: principal.username }),
};

export type RunOperation = (
  op: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, unknown>,
  creating?: boolean,
) => Promise<FastifyReply>;

export function operationRunner({ bus, sessions, identifyCaller, requestTimeoutMs, onModulesChanged, onAccountChanged }: OperationRunnerOptions): RunOperation {
  /**
   * The caller, from the credentials presented. A write anyone may make (logging in, signing up,
   * asking for a password reset) is not refused for credentials that no longer hold (a login from a
   * client that still sends its expired session): it is made without them.
   */
  const callerFor = async (op: Operation, request: FastifyRequest, source: Record<string, unknown>) => {
    try {
      return await identifyCaller(request, source);
    } catch (error) {
      if (op.auth === 'none' && op.http!.method !== 'GET' && (error as { code?: string }).code === 'unauthenticated') return null;
      throw error;
    }
  };
  const timeout = requestTimeoutMs ? { timeoutMs: requestTimeoutMs } : {};
  return async (op, request, reply, params, creating = false) => {
    const method = op.http!.method;
    const source = requestSource(method, request);
    const fields = operationFields(source, creating);
    const caller = await callerFor(op, request, source);
    const principal = caller?.principal ?? null;
    request.principal = principal;
    // The session's new expiry (Unix seconds), after sliding forward on this use.
    if (caller?.expiresAt) reply.header('x-session-expiry', String(caller.expiresAt));
    authorize(op, principal);
    if (method === 'GET' || method === 'DELETE') refuseUnknownParameters(op, fields, params);
    const raw = { ...fields, ...params };
    checkInput(op, raw);
    const run = async (extraHeaders?: Record<string, string>) => {
      // The reply's data as the service serialized it, written into the envelope as it is: parsing
      // it and serializing it again was a fifth of the gateway's CPU on large replies (/shows).
      const here = answeredHere[op.subject];
      if (here && principal) return okJson(JSON.stringify(here(principal)), op.successMessage);
      const data = await bus.requestJson(op.subject, { input: raw, principal }, { headers: extraHeaders ? { ...busHeadersOf(request), ...extraHeaders } : busHeadersOf(request), ...timeout });
      // This replica learns of its own module changes at once; others follow the announcement.
      if (op.subject.startsWith('modules.') && method !== 'GET') onModulesChanged();
      if (op.subject.startsWith('account.') && method !== 'GET') onAccountChanged?.();
      return okJson(data, op.successMessage);
    };
    // A write with an Idempotency-Key runs once per user and key (idempotency.ts). Without a user
    // (login, registration) there is no one to keep the key for: the key is ignored.
    const key = method === 'GET' ? undefined : idempotencyKeyOf(request);
    if (key && principal) {
      return runIdempotently(sessions, request, reply, { principal, key, fingerprint: fingerprintOf(method, op.subject, raw) }, run);
    }
    if (method === 'GET') return reply.type(JSON_TYPE).send(await run());
    try {
      return reply.type(JSON_TYPE).send(await run());
    } catch (error) {
      throw withOutcome(error);
    }
  };
}
