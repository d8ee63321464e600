// The envelope for every refusal: AirwaveErrors keep their code, Fastify's own errors become 4xx
// codes a client can act on, anything else is logged and answered as `internal` (500). Errors that
// happen before a request exists (a URL that cannot be decoded, HTTP the parser refuses) are
// answered in the same envelope through Fastify's factory options, exported here.
import type { Socket } from 'node:net';
import { AirwaveError, failure, httpStatusByCode } from '@airwave/contracts';
import { asEdgeFailure } from '@airwave/service-kit';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders } from './request-context';

export interface ErrorOptions {
  /** Seconds clients are told to wait after a 503 (Retry-After). */
  retryAfterSeconds: number;
}

/** Fastify's own errors as the codes of the envelope; anything unknown is logged and `internal`. */
export function toAirwaveError(error: unknown, request: FastifyRequest): AirwaveError {
  if (AirwaveError.is(error)) return error;
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AirwaveError('payload_too_large', 'The request body is too large.');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AirwaveError('bad_request', 'Unsupported content type; send JSON.');
  if (fastifyError.statusCode === 400 || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new AirwaveError('bad_request', /JSON/i.test(fastifyError.message ?? '') ? 'The request body is not valid JSON.' : 'Bad request.');
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AirwaveError('bad_request', 'Bad request.');
  }
  // A body the client stopped sending (connection closed, stream cut short) is its mistake, not ours.
  if ((fastifyError.code === 'ECONNRESET' || fastifyError.code === 'ERR_STREAM_PREMATURE_CLOSE') && !request.raw.complete) {
    return new AirwaveError('bad_request', 'The request body ended before it was complete.');
  }
  // The database or the bus failing under a plugin (uploads, feeds) is a 503 to retry, not a 500.
  const transient = asEdgeFailure(error);
  if (AirwaveError.is(transient)) {
    request.log.warn({ err: error }, 'Transient failure');
    return transient;
  }
  request.log.error({ err: error }, 'Unhandled error');
  return new AirwaveError('internal', 'Internal error.');
}

/** Retry-After for 429: the error's own wait when it names one, else a minute. */
function retryAfterOf(error: AirwaveError): string {
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return String(typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 60);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AirwaveError, retryAfter: string) {
  const status = httpStatusByCode[error.code];
  if (status === 503) reply.header('retry-after', retryAfter);
  if (status === 429) reply.header('retry-after', retryAfterOf(error));
  if (status >= 500) request.log.warn({ code: error.code, message: error.message }, 'Request failed');
  return reply.code(status).send(failureBody(error));
}

/** The envelope of a refusal. */
export function failureBody(error: AirwaveError) {
  const data = error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
  return failure(error.message, data);
}

/** The 404 of a path no route serves (also the module catch-all's answer when no module has it). */
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(failure(`No route ${request.method} ${request.url.split('?')[0]}.`, { code: 'not_found' }));
}

/** A URL that cannot be decoded (`%zz`, `%FF`, a lone surrogate) is a 400 in the envelope. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_error, _request, reply) => {
  void (reply as unknown as FastifyReply).code(400).headers(securityHeaders).send(failure('The URL is not valid.', { code: 'bad_request' }));
};

/** Errors of the HTTP parser (headers too large, garbage instead of HTTP): the envelope on the raw socket. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify(failure(message, { code: 'bad_request' }));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

const errors: FastifyPluginCallback<ErrorOptions> = (app, options, done) => {
  const retryAfter = String(options.retryAfterSeconds);
  app.setErrorHandler((error, request, reply) => sendError(request, reply, toAirwaveError(error, request), retryAfter));
  app.setNotFoundHandler((request, reply) => sendNoRoute(request, reply));
  done();
};

export default fp(errors, { name: 'airwave-errors' });
