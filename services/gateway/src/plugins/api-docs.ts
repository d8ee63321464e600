// The API described: the OpenAPI document built from the contract (with the routes of the modules
// installed right now), the interactive docs page over it, and the events as an AsyncAPI document.
import { apiContact, docsPagePath, buildAsyncApiDocument, buildOpenApiDocument, envelope, nowPlayingStreamRoute, type ExtraRoute, type JsonSchema } from '@airwave/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '../http-constants';
import type { ModuleRoutes } from '../module-routes';
import { calendarFeedRoutes } from './calendar-feeds';
import { reportDownloadRoutes } from './report-downloads';
import { remoteRoutes } from '../remote/routes-doc';
import { icecastRoutes } from '../icecast/routes-doc';

export interface ApiDocsOptions {
  moduleRoutes: ModuleRoutes;
  /** Routes outside the contract's operations (plugins such as file transfer) to document. */
  extraRoutes?: ExtraRoute[];
}

/** The gateway's own routes outside the contract's operations. */
const gatewayRoutes: ExtraRoute[] = [
  { method: 'GET', path: `${API}/ping`, summary: 'Answers the bare JSON string "pong" (no envelope), as OpenBroadcaster does', tag: 'Server', bare: { const: 'pong' } },
  { method: 'GET', path: `${API}/openapi.json`, summary: 'This document', tag: 'Server', contentType: 'application/json' },
  { method: 'GET', path: `${API}/asyncapi.json`, summary: 'The events the services publish on NATS, as an AsyncAPI 3 document', tag: 'Server', contentType: 'application/json' },
  {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    tag: 'Server',
    data: { type: 'object', required: ['alive'], properties: { alive: { const: true } } },
  },
  {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: bus, session store, database and every service answer',
    tag: 'Server',
    data: { type: 'object', additionalProperties: { type: 'boolean' } },
    responses: {
      '503': {
        description: 'Not ready: `data` holds each check (bus, sessions, database, services) and whether it passed',
        headers: { 'retry-after': { $ref: '#/components/headers/RetryAfter' } },
        content: { 'application/json': { schema: envelope({ type: 'object', additionalProperties: { type: 'boolean' } }, false) } },
      },
    },
  },
  { method: 'GET', path: '/metrics', summary: 'Prometheus metrics', tag: 'Server', contentType: 'text/plain' },
  ...calendarFeedRoutes,
  ...reportDownloadRoutes,
  nowPlayingStreamRoute,
  ...remoteRoutes,
  ...icecastRoutes,
];

/**
 * A document with info.contact for the server that answers: its docs page at the request's origin
 * (protocol and host as TRUSTED_PROXIES lets the gateway read them).
 */
function withContact(document: JsonSchema, request: FastifyRequest): JsonSchema {
  const info = document.info as JsonSchema;
  return { ...document, info: { ...info, contact: apiContact(`${request.protocol}://${request.host}`) } };
}

const apiDocs: FastifyPluginAsync<ApiDocsOptions> = async (app, { moduleRoutes, extraRoutes = [] }) => {
  const routes = [...gatewayRoutes, ...extraRoutes];
  const document = buildOpenApiDocument(routes);
  app.get(`${API}/openapi.json`, async (request, reply) => {
    const installed = moduleRoutes.installedOperations();
    const current = installed.length ? buildOpenApiDocument(routes, {}, installed) : document;
    return reply.header('cache-control', 'no-cache').send(withContact(current, request));
  });
  const events = buildAsyncApiDocument();
  app.get(`${API}/asyncapi.json`, async (request, reply) => reply.header('cache-control', 'no-cache').send(withContact(events, request)));
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: docsPagePath, staticCSP: true });
};

export default fp(apiDocs, { name: 'airwave-api-docs' });
