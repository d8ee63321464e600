// One access line per request, and the request in the Prometheus metrics (served at /metrics).
// The line carries the request id and trace id as fields (what a child logger would add), its
// JSON written here: the id is checked (request-context), the trace id is hex, the URL has its
// credentials removed and is escaped, the rest are numbers and Node's method token.
// A streamed reply whose client closes the connection before the stream has ended the response
// (OB Player's pycurl does, on the last byte: docs/ob-player.md) gets no onResponse from Fastify:
// routes that stream call `app.logIfClosedEarly(reply)`, which logs it (`"closedEarly":true`) when
// the connection closes unfinished. Only those replies pay for it.
import { failure } from '@airwave/contracts';
import { prebuiltInfoLine, type Logger } from '@airwave/logging';
import type { Metrics } from '@airwave/metrics';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { traceIdOf } from '../trace';

declare module 'fastify' {
  interface FastifyInstance {
    /** Logs a streamed reply whose connection closes before the response ends (no onResponse runs then); absent without the access log. */
    logIfClosedEarly?: (reply: FastifyReply) => void;
  }
}

export interface AccessLogOptions {
  logger: Logger;
  metrics?: Metrics;
}

/** Removes credential values (`k`, `key`, `token`, `password`, `pw` (OB Player's), `i`) from a URL's query string. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:k|key|token|password|pw|i)=)[^&#]*/gi, '$1[redacted]');
}

const accessLog: FastifyPluginCallback<AccessLogOptions> = (app, { logger, metrics }, done) => {
  const accessLine = prebuiltInfoLine(logger, 'request completed');
  const record = (request: FastifyRequest, reply: FastifyReply, closedEarly: boolean) => {
    accessLine(() => {
      const userId = request.principal?.userId;
      return `"reqId":${JSON.stringify(request.id)},"traceId":"${traceIdOf(request.traceparent)}","method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime)}${closedEarly ? ',"closedEarly":true' : ''}${userId === undefined ? '' : `,"userId":${userId}`}`;
    });
    metrics?.recordHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  };
  app.addHook('onResponse', (request, reply, next) => {
    record(request, reply, false);
    next();
  });
  app.decorate('logIfClosedEarly', (reply: FastifyReply) => {
    const response = reply.raw;
    // A response that finished was logged by onResponse (its 'close' follows its 'finish').
    response.once('close', () => {
      if (!response.writableFinished) record(reply.request, reply, true);
    });
  });

  app.get('/metrics', async (_request, reply) => {
    if (!metrics) return reply.code(404).send(failure('Metrics are not enabled.', { code: 'not_found' }));
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  done();
};

export default fp(accessLog, { name: 'airwave-access-log' });
