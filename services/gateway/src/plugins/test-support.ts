// What the plugins' own tests share: a bare Fastify instance with the envelope's error handling, a
// logger whose lines the test can read, and a principal.
import { Writable } from 'node:stream';
import type { PrincipalProfile } from '@airwave/contracts';
import { createLogger, type Logger } from '@airwave/logging';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import errors from './errors';
import requestContext from './request-context';

export function capturedLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'info', destination });
  return { logger, lines: () => written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Fastify with the request context and the envelope's errors: what every other plugin runs inside. */
export async function bareGateway(logger?: Logger): Promise<FastifyInstance> {
  // As in the gateway, Fastify writes no request lines of its own (access-log writes them).
  const logController = new LogController({ disableRequestLogging: true });
  const app = (logger ? Fastify({ loggerInstance: logger, logController }) : Fastify({ logController })) as unknown as FastifyInstance;
  await app.register(requestContext);
  await app.register(errors, { retryAfterSeconds: 7 });
  return app;
}

export const stationManager: PrincipalProfile = { userId: 4, username: 'manager', groupIds: [2], permissions: ['manage_timeslots'] };
