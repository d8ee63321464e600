// Binds contract operations to bus handlers. Every operation is checked again at the service edge
// (the gateway already validated it, but services also take requests from other services): input
// schema, authentication, app-key exclusions and the operation's permission.
import type { Bus, Headers, Subscription } from '@airwave/bus';
import {
  AirwaveError,
  authorize,
  BusRequest,
  busHeaders,
  validationError,
  type Operation,
  type Principal,
} from '@airwave/contracts';
import type { z } from 'zod';
import { withinDeadline } from './deadline';
import { asEdgeFailure } from './failures';
import { PRINCIPAL_HEADER } from './principal-seal';

/** The fields that tie a log line to the request it was written for. */
export interface LogTrace {
  readonly reqId?: string;
  readonly traceId?: string;
}

export interface CallContext {
  principal: Principal | null;
  headers: Headers;
  requestId: string | undefined;
  /**
   * The request id and trace id, for the handler's log lines: `logger.info({ ...trace, userId }, msg)`.
   * Passed explicitly rather than kept in an AsyncLocalStorage, whose promise hooks cost every
   * request about 13 µs (docs/architecture.md, "Logs").
   */
  readonly trace: LogTrace;
}

export interface AuthenticatedContext extends CallContext {
  principal: Principal;
}

type ContextFor<O extends Operation> = O['auth'] extends 'user' ? AuthenticatedContext : CallContext;

export type OperationHandler<O extends Operation> = (
  input: z.output<O['input']>,
  context: ContextFor<O>,
) => Promise<z.input<O['output']>> | z.input<O['output']>;

export async function bindOperation<O extends Operation>(
  bus: Bus,
  op: O,
  handler: OperationHandler<O>,
  options: { queue?: string } = {},
): Promise<Subscription> {
  return bus.handle(
    op.subject,
    async (request) => {
      const envelope = BusRequest.safeParse(request.data);
      if (!envelope.success) throw validationError(envelope.error, 'Malformed bus request');
      const principal = envelope.data.principal;
      authorize(op, principal);
      const input = op.input.safeParse(envelope.data.input ?? {});
      if (!input.success) throw validationError(input.error);
      const context = new HandlerContext(principal, request.headers);
      try {
        const output = await withinDeadline(request.headers, async () => handler(input.data as z.output<O['input']>, context as CallContext as ContextFor<O>));
        return output ?? null;
      } catch (error) {
        throw asEdgeFailure(error);
      }
    },
    { queue: options.queue ?? op.subject.split('.')[0] },
  );
}

/** The request id and trace id of a bus request's headers (W3C traceparent: `00-<trace id>-<span>-<flags>`). */
export function traceOf(headers: Headers): LogTrace {
  const trace: { reqId?: string; traceId?: string } = {};
  const reqId = headers[busHeaders.requestId];
  if (reqId) trace.reqId = reqId;
  const traceId = /^00-([0-9a-f]{32})-/.exec(headers[busHeaders.traceparent] ?? '')?.[1];
  if (traceId) trace.traceId = traceId;
  return trace;
}

class HandlerContext implements CallContext {
  #trace: LogTrace | undefined;
  constructor(
    readonly principal: Principal | null,
    readonly headers: Headers,
  ) {}
  get requestId(): string | undefined {
    return this.headers[busHeaders.requestId];
  }
  get trace(): LogTrace {
    return (this.#trace ??= traceOf(this.headers));
  }
}

/** Calls an operation over the bus (gateway and service-to-service). */
export async function callOperation<O extends Operation>(
  bus: Bus,
  op: O,
  input: z.input<O['input']>,
  options: {
    principal?: Principal | null;
    headers?: Headers;
    timeoutMs?: number;
    /** The request being handled: its request id and trace context carry on to the next service. */
    within?: Pick<CallContext, 'headers'>;
  } = {},
): Promise<z.output<O['output']>> {
  const inherited: Headers = {};
  const outer = options.within?.headers;
  // The deadline carries on too: a call made for a request ends when that request does.
  for (const name of [busHeaders.requestId, busHeaders.traceparent, busHeaders.deadline]) {
    const value = outer?.[name];
    if (value) inherited[name] = value;
  }
  // A principal handed on to an internal operation keeps the gateway's seal of the request it came with.
  const seal = outer?.[PRINCIPAL_HEADER];
  if (seal && options.principal) inherited[PRINCIPAL_HEADER] = seal;
  const headers = { ...inherited, ...(options.headers ?? {}) };
  const reply = await bus.request(op.subject, { input, principal: options.principal ?? null }, {
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return reply as z.output<O['output']>;
}

export { AirwaveError };
