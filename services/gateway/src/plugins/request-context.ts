// Who and what a request is, set before anything else runs: its id (the caller's when short and
// plain, else a new one), its W3C trace context, the caller (filled in by authentication), and the
// headers every reply of the gateway carries.
import { randomUUID } from 'node:crypto';
import { busHeaders, type Principal } from '@airwave/contracts';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { traceparentOf } from '../trace';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    traceparent: string;
  }
}

/** Headers on every reply of the gateway. */
export const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** A caller's request id is kept only when it is this plain: it travels to the services and logs. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function newRequestId(): string {
  return randomUUID();
}

const requestContext: FastifyPluginCallback = (app, _options, done) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('traceparent', '');
  // Per-request hooks take callbacks rather than being async: no promise and microtask per hook.
  app.addHook('onRequest', (request, reply, next) => {
    if (!PLAIN_REQUEST_ID.test(request.id)) request.id = newRequestId();
    reply.header('x-request-id', request.id);
    // Continue the caller's trace or start one; it crosses the bus in headers.
    request.traceparent = traceparentOf(request.headers.traceparent);
    reply.header('traceparent', request.traceparent);
    reply.headers(securityHeaders);
    next();
  });
  done();
};

export default fp(requestContext, { name: 'airwave-request-context' });

/** What a request tells the services on the bus: its id, its trace context and the client's address. */
export function busHeadersOf(request: FastifyRequest): Record<string, string> {
  return { [busHeaders.requestId]: request.id, [busHeaders.traceparent]: request.traceparent, 'x-client-address': request.ip };
}
