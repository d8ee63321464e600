// What every file route starts with: who is calling (401 without credentials), the id in its path,
// and questions to the media service over the bus, carrying the request's id and trace.
import { AirwaveError, unauthenticated, type Principal } from '@airwave/contracts';
import type { FastifyRequest } from 'fastify';

/** What the gateway gives the media plugin. */
export interface Helpers {
  bus: { request(subject: string, data: unknown, options?: { headers?: Record<string, string> }): Promise<unknown> };
  authenticate(request: FastifyRequest, fields?: Record<string, unknown>): Promise<Principal | null>;
  busHeadersOf(request: FastifyRequest): Record<string, string>;
}

/** The caller, from credentials in the query string or headers; 401 without. */
export async function callerOf(helpers: Helpers, request: FastifyRequest): Promise<Principal> {
  const principal = await helpers.authenticate(request, (request.query ?? {}) as Record<string, unknown>);
  if (!principal) throw unauthenticated();
  return principal;
}

/** The `:id` of the path: a positive whole number that fits 32 bits, else 400. */
export function idOf(request: FastifyRequest): number {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number');
  return id;
}

/** An operation's answer over the bus, asked for the caller. */
export async function ask<T>(helpers: Helpers, request: FastifyRequest, subject: string, input: unknown, principal: Principal): Promise<T> {
  return (await helpers.bus.request(subject, { input, principal }, { headers: helpers.busHeadersOf(request) })) as T;
}
