// `GET /api/v2/players/{id}/now-playing/events`: what a player airs, as server-sent events
// (docs/decisions/now-playing-stream.md). The caller is checked as for `GET /players/playing/{id}`
// (the same operation answers the first state, so a refusal or an unknown player is the usual
// error envelope before the stream begins); then the stream: `retry`, the state (or what a
// resuming client missed), each change, and a heartbeat.
import { PassThrough } from 'node:stream';
import type { Bus } from '@airwave/bus';
import { AirwaveError, authorize, scheduling, unauthenticated, type Principal } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '../http-constants';
import { NowPlayingHub, type StreamClient } from './hub';
import { lastEventIdOf, sseFrame, type StreamEvent } from './recent';

export interface NowPlayingStreamOptions {
  bus: Bus;
  logger: Logger;
  requestTimeoutMs?: number | undefined;
  /** Milliseconds between heartbeats (default 15 s). */
  heartbeatMs?: number | undefined;
  /** Milliseconds a stream lasts before the server ends it (default 10 min): the client reconnects, its credentials checked again, and resumes. */
  maxAgeMs?: number | undefined;
}

/** A client this far behind (bytes not yet taken) is cut off; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const ALLOWED_PARAMETERS = new Set(['i', 'k', '_']);

function playerIdOf(request: FastifyRequest): number {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(query).filter((name) => !ALLOWED_PARAMETERS.has(name));
  if (unknown.length) throw new AirwaveError('bad_request', `Invalid input: unknown query parameter ${unknown[0]}`, { issues: [{ path: unknown[0], message: 'is not a parameter of this endpoint' }] });
  const parsed = scheduling.playerNowPlaying.input.safeParse({ id: (request.params as { id: string }).id });
  if (!parsed.success) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number', { issues: [{ path: 'id', message: 'must be a positive whole number' }] });
  return parsed.data.id;
}

/** The stream of one client: what it is sent before the first state is queued, then written. */
function openStream(principal: Principal, resumedAfter: number) {
  let skipUpTo = resumedAfter;
  const body = new PassThrough();
  let queued: StreamEvent[] | null = [];
  const write = (event: StreamEvent) => {
    if (body.writableLength > MAX_BUFFERED_BYTES) return void body.end();
    body.write(sseFrame(event));
  };
  // A live event the client already has (sent first, or it resumed from a replica further on) is not sent again.
  const live = (event: StreamEvent) => (event.id !== undefined && event.id <= skipUpTo ? undefined : write(event));
  const client: StreamClient = { principal, send: (event) => (queued ? queued.push(event) : live(event)) };
  const start = (first: StreamEvent[]) => {
    body.write('retry: 3000\n\n');
    for (const event of first) write(event);
    skipUpTo = Math.max(skipUpTo, ...first.map((event) => event.id ?? 0));
    for (const event of queued!) live(event);
    queued = null;
  };
  return { body, client, start, write };
}

const nowPlayingStream: FastifyPluginCallback<NowPlayingStreamOptions> = (app, options, done) => {
  const hub = new NowPlayingHub(options.bus, options.logger, options.requestTimeoutMs);
  const open = new Set<PassThrough>();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;

  app.get(`${API}/players/:id/now-playing/events`, async (request: FastifyRequest, reply: FastifyReply) => {
    const playerId = playerIdOf(request);
    const caller = await app.identifyCaller(request, (request.query ?? {}) as Record<string, unknown>);
    if (!caller) throw unauthenticated();
    request.principal = caller.principal;
    authorize(scheduling.playerNowPlaying, caller.principal);
    await hub.follow();
    const lastId = lastEventIdOf(request.headers['last-event-id']);
    const stream = openStream(caller.principal, lastId ?? 0);
    const lastReceived = hub.join(playerId, stream.client);
    try {
      // Read even when resuming: the player must still exist, and the caller may still read it.
      const state = await hub.stateOf(playerId, caller.principal);
      const missed = lastId === null ? null : hub.missedSince(playerId, lastId);
      stream.start(missed ?? [{ ...(lastReceived ? { id: lastReceived } : {}), event: 'now_playing', data: state }]);
    } catch (error) {
      hub.leave(playerId, stream.client);
      throw error;
    }
    open.add(stream.body);
    const heartbeat = setInterval(() => stream.write({ event: 'heartbeat', data: { time: new Date().toISOString() } }), heartbeatMs);
    heartbeat.unref();
    // A session ended or a key deleted meanwhile stops the stream at its next reconnect.
    const expiry = setTimeout(() => stream.body.end(), maxAgeMs);
    expiry.unref();
    reply.raw.once('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      hub.leave(playerId, stream.client);
      open.delete(stream.body);
      stream.body.end();
    });
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream.body);
  });
  // Streams never end by themselves: closing ends them, so that in-flight requests can finish.
  app.addHook('preClose', async () => {
    for (const body of open) body.end();
  });
  app.addHook('onClose', () => hub.close());
  done();
};

export default fp(nowPlayingStream, { name: 'airwave-now-playing-stream', dependencies: ['airwave-authentication'] });
