// `POST /icecast/listeners/{player}?key=…`: the listener hook of a player's Icecast (issue 46,
// docs/decisions/listeners.md). Icecast's URL authentication posts each listener's connect
// (listener_add) and disconnect (listener_remove) here; each is answered at once, always admitting
// the listener (the hook counts, it never turns a listener away: a mistake here must not cost the
// station its audience), and handed to the scheduling service in batches (batcher.ts), which checks
// the player's key and keeps the sessions. The key rides in the URL (Icecast sends no header of
// ours) and the access log redacts it.
import type { Bus } from '@airwave/bus';
import { failure, listenerHook } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { ListenerBatcher } from './batcher';
import { ADMIT_HEADER, listenerEvent } from './form';

export interface IcecastListenersOptions {
  bus: Bus;
  requestTimeoutMs?: number | undefined;
  intervalMs?: number;
}

const FORM_LIMIT = 16 * 1024;

const icecastListeners: FastifyPluginCallback<IcecastListenersOptions> = (app, options, done) => {
  const batcher = new ListenerBatcher({
    intervalMs: options.intervalMs,
    warn: (fields, message) => app.log.warn(fields, message),
    send: async (player_id, key, events) => {
      const { accepted } = await callOperation(options.bus, listenerHook.events, { player_id, key, events }, { principal: null, timeoutMs: options.requestTimeoutMs });
      if (!accepted) app.log.warn({ playerId: player_id, events: events.length }, 'Listener events refused: not the player’s listener key');
    },
  });
  app.addHook('onClose', async () => batcher.close());
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, next) => next(null, Object.fromEntries(new URLSearchParams(body as string))));
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, next) => next(null, {}));
    scope.post<{ Params: { player: string }; Querystring: { key?: string } }>('/icecast/listeners/:player', { bodyLimit: FORM_LIMIT }, async (request, reply) => {
      reply.header(ADMIT_HEADER, '1');
      const player = Number(request.params.player);
      const key = request.query.key ?? '';
      const event = listenerEvent((request.body ?? {}) as Record<string, string>, Date.now());
      if (!Number.isSafeInteger(player) || player <= 0 || !key || 'problem' in event) {
        const problem = 'problem' in event ? event.problem : 'the path names no player, or the key is missing';
        request.log.warn({ problem }, 'Listener hook: not a listener event');
        // the API's envelope, as every refusal of the gateway's (the listener admitted all the same)
        return reply.code(400).send(failure(`Not a listener event: ${problem}.`, { code: 'bad_request' }));
      }
      batcher.add(player, key, event);
      return reply.code(200).type('text/plain').send('ok');
    });
  });
  done();
};

export default fp(icecastListeners, { name: 'icecast-listeners' });
