// Binds contract operations to bus handlers. Every operation is checked again at the service edge
// (the gateway already validated it, but services also take requests from other services): input
// schema, authentication, app-key exclusions and the operation's permission.
import type { Bus, Headers, Subscription } from '@airwave/bus';
import {
  AirwaveError,
  authorize,
  BusRequest,
  validationError,
  type Operation,
  type Principal,
} from '@airwave/contracts';
import { logContext } from '@airwave/logging';
import type { z } from 'zod';

export interface CallContext {
  principal: Principal | null;
  headers: Headers;
  requestId: string | undefined;
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
      const context: CallContext = { principal, headers: request.headers, requestId: request.headers['x-request-id'] };
      const fields: Record<string, string> = {};
      if (context.requestId) fields.reqId = context.requestId;
      const traceId = /^00-([0-9a-f]{32})-/.exec(request.headers.traceparent ?? '')?.[1];
      if (traceId) fields.traceId = traceId;
      if (request.headers.traceparent) fields.traceparent = request.headers.traceparent;
      const output = await logContext.run(fields, () => handler(input.data as z.output<O['input']>, context as ContextFor<O>));
      return output ?? null;
    },
    { queue: options.queue ?? op.subject.split('.')[0] },
  );
}

/** Calls an operation over the bus (gateway and service-to-service). */
export async function callOperation<O extends Operation>(
  bus: Bus,
  op: O,
  input: z.input<O['input']>,
  options: { principal?: Principal | null; headers?: Headers; timeoutMs?: number } = {},
): Promise<z.output<O['output']>> {
  // Within a handler, the request id and trace context carry on to the next service.
  const current = logContext.getStore();
  const inherited: Headers = {};
  if (current?.reqId) inherited['x-request-id'] = current.reqId;
  if (current?.traceparent) inherited.traceparent = current.traceparent;
  const headers = { ...inherited, ...(options.headers ?? {}) };
  const reply = await bus.request(op.subject, { input, principal: options.principal ?? null }, {
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return reply as z.output<O['output']>;
}

export { AirwaveError };
