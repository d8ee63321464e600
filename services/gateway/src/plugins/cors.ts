// CORS only for the configured origins; without any, replies carry no CORS headers at all, so
// browsers refuse cross-origin calls.
import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export interface CorsOptions {
  origins: string[];
}

const corsForOrigins: FastifyPluginAsync<CorsOptions> = async (app, { origins }) => {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'x-auth-id', 'x-auth-key', 'content-type', 'x-request-id', 'traceparent', 'range'],
    exposedHeaders: ['x-request-id', 'x-session-expiry', 'retry-after', 'traceparent', 'content-range', 'content-disposition'],
    credentials: true,
    maxAge: 600,
  });
};

export default fp(corsForOrigins, { name: 'airwave-cors' });
