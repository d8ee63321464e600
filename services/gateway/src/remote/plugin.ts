// `POST /remote.php?action=…`: OpenBroadcaster Player's sync endpoint (PROTOCOL.md section 1;
// docs/decisions/player-sync.md), outside /api/v2 and the JSON envelope. Every request names the
// player (`id`) and its password (`pw`), throttled like logins; refusals and the player's mistakes
// are OB's `<error>` documents with HTTP 200. The password is never logged.
import type { Bus } from '@airwave/bus';
import type { SessionStore } from '@airwave/sessions';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actions, playerErrorText, type ActionReply, type OpenFile } from './actions';
import { digits, parseRemoteBody, passwordCandidates, requestFields } from './request';
import { countSync, DEFAULT_PLAYER_THROTTLE, syncNotFailed, syncSucceeded, type PlayerThrottleNumbers } from './throttle';
import { errorDocument } from './xml';
import { busHeadersOf } from '../plugins/request-context';

export interface RemoteOptions {
  bus: Bus;
  sessions: SessionStore;
  requestTimeoutMs?: number | undefined;
  throttle?: PlayerThrottleNumbers | undefined;
  /** Opens a media file by its storage key (the gateway's media storage); without it downloads are empty. */
  openMediaFile?: OpenFile | undefined;
}

const XML = 'text/xml; charset=utf-8';

export const PAST_PLAYER_CEILING = 'too many failed attempts for this player from many addresses: only an address it synced from before gets in';

/**
 * The largest sync request: PHP's default `post_max_size`, what OB's server takes. A player posts its
 * whole unsent play log at once (some 300 bytes an entry: a week offline with three-minute songs is
 * about 1 MB), so this is larger than the API's JSON limit; above it the player gets OB's `<error>`.
 */
export const REMOTE_BODY_LIMIT = 8 * 1024 * 1024;

const sendError = (reply: FastifyReply, message: string) => reply.code(200).type(XML).send(errorDocument(message));

function send(reply: FastifyReply, answer: ActionReply) {
  if ('body' in answer) return reply.code(200).type(answer.type).send(answer.body);
  reply.code(200).header('content-type', 'application/octet-stream').header('content-transfer-encoding', 'binary').header('cache-control', 'private, no-store');
  if (!answer.file) return reply.header('content-length', '0').send('');
  // Logged even when the player closes the connection on the last byte, before the stream ends the response.
  reply.server.logIfClosedEarly?.(reply);
  return reply.header('content-length', String(answer.file.size)).send(answer.file.stream);
}

/** Why a request names no action this endpoint has, as OB words it, or null. */
function actionProblem(action: string | undefined): string | null {
  if (!action) return 'action required';
  if (!/^[a-z_]{1,40}$/.test(action)) return 'invalid action';
  return Object.hasOwn(actions, action) ? null : 'action not found';
}

const remote: FastifyPluginCallback<RemoteOptions> = (app, options, done) => {
  const throttle = options.throttle ?? DEFAULT_PLAYER_THROTTLE;
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = requestFields(request.query, request.body);
    const id = digits(fields.id);
    if (!fields.id) return sendError(reply, 'player id required');
    if (id === null || id === 0) return sendError(reply, 'player not found');
    const action = fields.action;
    const problem = actionProblem(action);
    if (problem) return sendError(reply, problem);
    const counted = await countSync(options.sessions, throttle, id, request.ip);
    if ('waitMs' in counted) {
      request.log.warn({ playerId: id, address: request.ip }, 'Player sync throttled');
      return sendError(reply, `too many failed attempts: try again in ${Math.max(1, Math.ceil(counted.waitMs / 1000))} s`);
    }
    if ('pastCeiling' in counted) {
      request.log.warn({ playerId: id, address: request.ip }, 'Player sync refused: past the ceiling of failed attempts, from an address the player never synced from');
      return sendError(reply, PAST_PLAYER_CEILING);
    }
    const [password = '', alternative] = passwordCandidates(action!, request.body, fields);
    const credentials = { id, password, ...(alternative !== undefined ? { alternative_password: alternative } : {}), address: request.ip };
    const call = { bus: options.bus, fields, credentials, headers: busHeadersOf(request), timeoutMs: options.requestTimeoutMs, now: Date.now(), warn: (f: Record<string, unknown>, m: string) => request.log.warn(f, m) };
    try {
      const answer = await actions[action!]!(call, options.openMediaFile);
      await syncSucceeded(options.sessions, counted);
      return send(reply, answer);
    } catch (error) {
      const text = playerErrorText(error);
      if (text === 'authentication failed' || text === 'player not found') return sendError(reply, text);
      await syncNotFailed(options.sessions, counted);
      if (text !== null) return sendError(reply, text);
      // Not the player's doing (a service down or late): a failure it retries at its next sync.
      request.log.error({ err: error, playerId: id, action }, 'Player sync failed');
      if (action === 'media') return reply.code(503).header('content-length', '0').send('');
      return reply.code(503).type(XML).send(errorDocument('server unavailable, try again later'));
    }
  };
  app.register(async (scope) => {
    // The body is read here as PHP would: a form (kept whole for the media action's password), or nothing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, next) => next(null, parseRemoteBody(body as string)));
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, next) => next(null, undefined));
    scope.setErrorHandler((error: Error & { code?: string }, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      request.log.warn({ limit: REMOTE_BODY_LIMIT }, 'Player sync refused: post data too large');
      return sendError(reply, 'post data too large');
    });
    scope.post('/remote.php', { bodyLimit: REMOTE_BODY_LIMIT }, handle);
  });
  done();
};

export default fp(remote, { name: 'airwave-remote', dependencies: ['airwave-request-context'] });
