// Who is calling: the credentials a request presents (credentials.ts: X-Auth-ID/X-Auth-Key, the
// Authorization header, cookies, the `i`/`k` fields) resolved to a principal. Sessions come from
// the session store (no bus hop on the hot path; the profile is cached beside the session); app
// keys are checked by the account service and limited to the endpoints they were given.
import { parseCookie } from 'cookie';
import type { Bus } from '@airwave/bus';
import { account, accountMore, busHeaders, forbidden, unauthenticated, type Principal, type PrincipalProfile } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appKeyAllows, type Endpoint } from '../appkeys';
import { readCredentials } from '../credentials';
import { API } from '../http-constants';
import type { SessionCache } from '../session-cache';

export interface AuthenticationOptions {
  bus: Bus;
  sessions: SessionStore;
  /** Sessions resolved a moment ago (session-cache.ts); without it, the store is asked every time. */
  cache?: SessionCache;
}

/** A resolved caller; `expiresAt` is the session's new expiry (Unix seconds) after sliding forward. */
export interface Caller {
  principal: Principal;
  expiresAt?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves the caller from the presented credentials; null when none were presented; 401/403
     * otherwise. `urlToken`: a Bearer token a route takes from its URL (credentials.ts).
     */
    identifyCaller(request: FastifyRequest, fields: Record<string, unknown>, urlToken?: string): Promise<Caller | null>;
  }
}

/** Methods that change nothing: their caller's kept session stays kept. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function callerOf(bus: Bus, sessions: SessionStore, cache: SessionCache | undefined, writers: WeakMap<FastifyRequest, string>) {
  async function byAppKey(request: FastifyRequest, keyId: number, key: string): Promise<Caller> {
    const found = (await bus.request(
      accountMore.keyAuthenticate.subject,
      { input: { id: keyId, key }, principal: null },
      { headers: { [busHeaders.requestId]: request.id } },
    )) as { profile: PrincipalProfile; endpoints: Endpoint[] } | null;
    if (!found) throw unauthenticated('Invalid or expired credentials.');
    const path = request.url.split('?')[0]!.slice(API.length) || '/';
    if (!appKeyAllows(found.endpoints, request.method, path)) {
      throw forbidden('This app key is not allowed to call this endpoint.', { method: request.method, path });
    }
    // An app key acts with its owner's rights and never more.
    return { principal: { ...found.profile, via: 'appkey', appKeyId: keyId } };
  }

  async function bySession(request: FastifyRequest, key: string, userId: number | undefined): Promise<Caller> {
    const found = await (cache ?? sessions).authenticate(key);
    if (cache && !SAFE_METHODS.has(request.method)) writers.set(request, key);
    if (!found || (userId !== undefined && userId !== found.session.userId)) throw unauthenticated('Invalid or expired credentials.');
    let profile = found.profile;
    if (!profile) {
      profile = (await bus.request(account.principal.subject, { input: { userId: found.session.userId }, principal: null }, {
        headers: { [busHeaders.requestId]: request.id },
      })) as typeof profile;
      if (!profile) throw unauthenticated('Invalid or expired credentials.');
    }
    return { principal: { ...profile, via: 'session', sessionId: found.session.id }, expiresAt: found.session.expiresAt };
  }

  return async (request: FastifyRequest, fields: Record<string, unknown>, urlToken?: string): Promise<Caller | null> => {
    const credentials = readCredentials({
      xAuthId: request.headers['x-auth-id'],
      xAuthKey: request.headers['x-auth-key'],
      authorization: request.headers.authorization,
      urlToken,
      // Cookies are parsed only when no header carries credentials: no cookie hook on every request.
      cookies: () => (request.headers.cookie ? parseCookie(request.headers.cookie) : {}),
      fields,
    });
    if (!credentials) return null;
    if (credentials.kind === 'malformed') throw unauthenticated('Malformed credentials.');
    if (credentials.kind === 'appkey') return byAppKey(request, credentials.keyId, credentials.key);
    return bySession(request, credentials.key, credentials.userId);
  };
}

const authentication: FastifyPluginCallback<AuthenticationOptions> = (app, { bus, sessions, cache }, done) => {
  // A write's caller may have changed its own rights: its kept session is dropped before the reply
  // goes out, so its next request reads the session store again (session-cache.ts).
  const writers = new WeakMap<FastifyRequest, string>();
  app.decorate('identifyCaller', callerOf(bus, sessions, cache, writers));
  if (cache) {
    app.addHook('onSend', async (request, _reply, payload) => {
      const key = writers.get(request);
      if (key !== undefined) cache.forgetKey(key);
      return payload;
    });
  }
  done();
};

export default fp(authentication, { name: 'airwave-authentication' });
