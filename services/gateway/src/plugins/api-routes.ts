// The API: every operation of the contract at its HTTP route, the creation routes (POST /x, PUT /x
// and PUT /x/0 all create; docs/decisions/api-conventions.md), OpenBroadcaster's ping, and one
// catch-all that resolves the routes of the modules installed right now.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { creationRoutes, httpOperations } from '@airwave/contracts';
import { API, JSON_TYPE } from '../http-constants';
import type { ModuleRoutes } from '../module-routes';
import type { RunOperation } from '../operation-runner';
import { sendNoRoute } from './errors';

export interface ApiRoutesOptions {
  runOperation: RunOperation;
  moduleRoutes: ModuleRoutes;
}

const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, { runOperation, moduleRoutes }) => {
  for (const op of httpOperations()) {
    const creates = op.http!.creates === true;
    app.route({
      method: op.http!.method,
      url: `${API}${op.http!.path}`,
      handler: (request, reply) => runOperation(op, request, reply, request.params as Record<string, unknown>, creates),
    });
  }
  for (const route of creationRoutes()) {
    app.route({ method: route.method, url: `${API}${route.path}`, handler: (request, reply) => runOperation(route.op, request, reply, route.params, true) });
  }

  // OpenBroadcaster answers the bare JSON string "pong", outside the envelope; its clients check for it.
  app.get(`${API}/ping`, async (_request, reply) => reply.type(JSON_TYPE).send('"pong"'));

  // Modules come and go at run time, so one catch-all under the API resolves their routes against
  // the modules installed now (every route above wins over it).
  await moduleRoutes.start();
  app.addHook('onClose', async () => moduleRoutes.stop());
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${API}/*`,
    handler: async (request, reply) => {
      const match = await moduleRoutes.match(request.method, request.url.split('?')[0]!.slice(API.length));
      if (!match) return sendNoRoute(request, reply);
      return runOperation(match.op, request, reply, match.params);
    },
  });
};

export default fp(apiRoutes, { name: 'airwave-api-routes' });
