// Every route the gateway serves (HEAD aside), kept as the routes are added: the OpenAPI
// completeness test compares it with the document, and it answers "what does this process serve".
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    airwaveRoutes: { method: string; url: string }[];
  }
}

const routeCatalog: FastifyPluginCallback = (app, _options, done) => {
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.decorate('airwaveRoutes', routes);
  done();
};

export default fp(routeCatalog, { name: 'airwave-route-catalog' });
