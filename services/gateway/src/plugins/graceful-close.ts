// Graceful close: requests in flight finish; a request that arrives on an open connection while
// closing is refused in the envelope (503, Retry-After) rather than with Fastify's own body; replies
// sent while closing tell the client not to reuse the connection; and keep-alive connections are
// closed as soon as they go idle (otherwise the server would wait for the clients' keep-alive timeout).
import { failure } from '@airwave/contracts';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export interface GracefulCloseOptions {
  /** Seconds a refused client is told to wait (another replica usually answers at once). */
  retryAfterSeconds: number;
}

const gracefulClose: FastifyPluginCallback<GracefulCloseOptions> = (app, { retryAfterSeconds }, done) => {
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  app.addHook('onRequest', (_request, reply, next) => {
    if (!closing) return next();
    // marked unprocessed: the station's edge (edge/hold-proxy.ts) sends it again to the next gateway
    void reply
      .code(503)
      .header('retry-after', String(retryAfterSeconds))
      .header('x-airwave-unprocessed', '1')
      .send(failure('The server is shutting down; try again.', { code: 'unavailable' }));
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (closing) reply.header('connection', 'close');
    next(null, payload);
  });
  done();
};

export default fp(gracefulClose, { name: 'airwave-graceful-close' });
