// Graceful close: requests in flight finish; their keep-alive connections are closed as soon as
// they go idle (otherwise the server would wait for the clients' keep-alive timeout), and replies
// sent while closing tell the client not to reuse the connection.
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

const gracefulClose: FastifyPluginCallback = (app, _options, done) => {
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  app.addHook('onSend', (_request, reply, payload, next) => {
    if (closing) reply.header('connection', 'close');
    next(null, payload);
  });
  done();
};

export default fp(gracefulClose, { name: 'airwave-graceful-close' });
