// The client address the gateway hands the services (x-client-address: the login throttle and the
// audit trail read it): the connection's, unless the request came through a trusted proxy.
import { createInProcessBus } from '@airwave/bus';
import { parseConfig, z } from '@airwave/config';
import { createLogger } from '@airwave/logging';
import { processSeals } from '@airwave/service-kit';
import { createMemorySessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { gatewayConfig, trustedProxies } from './config';
import { busHeadersOf } from './plugins/request-context';

async function gateway(proxies?: string[]): Promise<FastifyInstance> {
  return createGateway({
    bus: createInProcessBus({ prefix: `proxies-${Math.random().toString(36).slice(2)}` }),
    sealer: processSeals(undefined).sealer,
    sessions: createMemorySessionStore(),
    logger: createLogger({ level: 'silent' }),
    ...(proxies ? { trustedProxies: proxies } : {}),
    plugins: [
      async (app) => {
        app.get('/client-address', (request) => ({ address: busHeadersOf(request)['x-client-address'] }));
      },
    ],
  });
}

const addressOf = async (app: FastifyInstance, remoteAddress: string, forwarded?: string) =>
  (
    await app.inject({ method: 'GET', url: '/client-address', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })
  ).json<{ address: string }>().address;

describe('the client address', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('is the connection\'s without trusted proxies: a forged X-Forwarded-For is ignored', async () => {
    app = await gateway();
    expect(await addressOf(app, '198.51.100.9', '203.0.113.5')).toBe('198.51.100.9');
    expect(await addressOf(app, '198.51.100.9', '203.0.113.5, 10.0.0.1')).toBe('198.51.100.9');
  });

  it('comes from X-Forwarded-For through a trusted proxy, and only as far as the proxies are trusted', async () => {
    app = await gateway(['10.0.0.0/8', '127.0.0.1']);
    expect(await addressOf(app, '10.1.2.3', '203.0.113.5')).toBe('203.0.113.5');
    // The client wrote its own X-Forwarded-For (a forged 192.0.2.1); the proxy appended the real one.
    expect(await addressOf(app, '10.1.2.3', '192.0.2.1, 203.0.113.5')).toBe('203.0.113.5');
    // Two trusted proxies in a row.
    expect(await addressOf(app, '127.0.0.1', '203.0.113.5, 10.9.9.9')).toBe('203.0.113.5');
    // A connection from elsewhere is not a proxy: its header is ignored.
    expect(await addressOf(app, '198.51.100.9', '203.0.113.5')).toBe('198.51.100.9');
  });
});

describe('TRUSTED_PROXIES', () => {
  const read = (value: string) => parseConfig(z.object(gatewayConfig), { TRUSTED_PROXIES: value });

  it('takes addresses, CIDR ranges and the named ranges, separated by commas', () => {
    expect(trustedProxies(read('10.0.0.0/8, 127.0.0.1,fd00::/8,::1,loopback').TRUSTED_PROXIES)).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1', 'loopback']);
    expect(trustedProxies(undefined)).toEqual([]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['proxy.example.org', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '300.1.1.1']) {
      expect(() => read(bad), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });
});
