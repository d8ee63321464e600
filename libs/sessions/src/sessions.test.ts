import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySessionStore, createRedisSessionStore, deleteRedisPrefix, hashSessionKey, type SessionStore } from './index';
import { limit } from '../../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function suite(name: string, make: (ttlSeconds: number) => SessionStore, inspect?: (store: SessionStore) => Promise<string[]>) {
  describe(name, () => {
    const stores: SessionStore[] = [];
    const open = (ttl = 3600) => {
      const store = make(ttl);
      stores.push(store);
      return store;
    };
    afterAll(async () => {
      for (const store of stores) await store.close();
    });

    it('creates a 256-bit key, one hour ahead, and authenticates it', async () => {
      const store = open();
      const before = Math.floor(Date.now() / 1000);
      const session = await store.create(7);
      expect(Buffer.from(session.key, 'base64url')).toHaveLength(32);
      expect(session.expiresAt).toBeGreaterThanOrEqual(before + 3600);
      expect(session.expiresAt).toBeLessThanOrEqual(before + 3601);
      const found = await store.authenticate(session.key);
      expect(found?.session.userId).toBe(7);
      expect(found?.profile).toBeNull();
      const altered = `${session.key.slice(0, -1)}${session.key.endsWith('A') ? 'B' : 'A'}`;
      expect(await store.authenticate(altered)).toBeNull();
      expect(await store.authenticate('short')).toBeNull();
    });

    it('stores only the hash of the key', async () => {
      if (!inspect) return;
      const store = open();
      const session = await store.create(8);
      const keys = await inspect(store);
      expect(keys.some((k) => k.includes(session.key))).toBe(false);
      expect(keys.some((k) => k.includes(hashSessionKey(session.key)))).toBe(true);
    });

    it('returns the cached principal with the session', async () => {
      const store = open();
      const session = await store.create(9);
      await store.setProfile({ userId: 9, username: 'nine', groupIds: [2], permissions: ['a'] });
      expect((await store.authenticate(session.key))?.profile).toEqual({ userId: 9, username: 'nine', groupIds: [2], permissions: ['a'] });
      // A changed principal is seen on the next request (parsed principals are cached by content).
      await store.setProfile({ userId: 9, username: 'nine', groupIds: [2], permissions: ['a', 'b'] });
      expect((await store.authenticate(session.key))?.profile?.permissions).toEqual(['a', 'b']);
      await store.setProfile({ userId: 9, username: 'nine', groupIds: [2], permissions: ['a'] });
      expect((await store.authenticate(session.key))?.profile?.permissions).toEqual(['a']);
      await store.deleteProfile(9);
      expect((await store.authenticate(session.key))?.profile).toBeNull();
    });

    it('hands out principals no caller can change, and keeps no object of the caller', async () => {
      const store = open();
      const session = await store.create(10);
      const given = { userId: 10, username: 'ten', groupIds: [2], permissions: ['a'] };
      await store.setProfile(given);
      given.permissions.push('z');
      const found = (await store.authenticate(session.key))?.profile;
      expect(found?.permissions).toEqual(['a']);
      expect(Object.isFrozen(found) && Object.isFrozen(found?.permissions)).toBe(true);
      expect(() => (found!.permissions as string[]).push('b')).toThrow(TypeError);
      expect((await store.getProfile(10))?.permissions).toEqual(['a']);
    });

    it('authenticates many keys presented at once, each to its own session and principal', async () => {
      const store = open();
      const users = Array.from({ length: 150 }, (_, i) => 1000 + i);
      const sessions = await Promise.all(users.map((userId) => store.create(userId)));
      await Promise.all(users.filter((userId) => userId % 2 === 0).map((userId) => store.setProfile({ userId, username: `u${userId}`, groupIds: [], permissions: [] })));
      await store.destroy(sessions[3]!.key);
      // More keys than one batch holds, with unknown and ended ones among them, all in one turn.
      const found = await Promise.all([...sessions.map((session) => store.authenticate(session.key)), store.authenticate(sessions[0]!.key.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))]);
      users.forEach((userId, i) => {
        if (i === 3) return expect(found[i]).toBeNull();
        expect(found[i]?.session.userId).toBe(userId);
        expect(found[i]?.session.id).toBe(sessions[i]!.id);
        expect(found[i]?.profile?.username ?? null).toBe(userId % 2 === 0 ? `u${userId}` : null);
      });
      expect(found[users.length]).toBeNull();
    });

    it('slides the expiry on use and expires when unused', async () => {
      const store = open(3);
      const session = await store.create(10);
      await sleep(1600);
      expect(await store.authenticate(session.key)).not.toBeNull();
      await sleep(1600);
      expect(await store.authenticate(session.key)).not.toBeNull(); // 3.2 s after creation: slid
      await sleep(3400);
      expect(await store.authenticate(session.key)).toBeNull();
    }, limit(15_000));

    it('counts rate-limit hits in a window, per bucket', async () => {
      const store = open();
      const bucket = `login:${Math.random()}`;
      expect((await store.hit(bucket, 60)).count).toBe(1);
      expect((await store.hit(bucket, 60)).count).toBe(2);
      const third = await store.hit(bucket, 60);
      expect(third.count).toBe(3);
      expect(third.resetInSeconds).toBeGreaterThan(0);
      expect(third.resetInSeconds).toBeLessThanOrEqual(60);
      expect((await store.hit(`${bucket}-other`, 60)).count).toBe(1);
      await store.clearHits(bucket);
      expect((await store.hit(bucket, 60)).count).toBe(1);
    });

    it('destroys one session, or all of a user', async () => {
      const store = open();
      const a = await store.create(11);
      const b = await store.create(11);
      const c = await store.create(12);
      await store.destroy(a.key);
      expect(await store.authenticate(a.key)).toBeNull();
      expect(await store.authenticate(b.key)).not.toBeNull();
      await store.destroyAllForUser(11);
      expect(await store.authenticate(b.key)).toBeNull();
      expect(await store.authenticate(c.key)).not.toBeNull();
    });

    it('lets one of several callers claim a name, and the others read what it kept', async () => {
      const store = open();
      const name = `claim-${randomBytes(4).toString('hex')}`;
      const claims = await Promise.all(['a', 'b', 'c'].map((value) => store.claimValue(name, value, 60)));
      expect(claims.filter((claim) => claim === null)).toHaveLength(1);
      const winner = ['a', 'b', 'c'][claims.indexOf(null)];
      expect(claims.filter((claim) => claim !== null)).toEqual([winner, winner]);
      await store.deleteValue(name);
      expect(await store.claimValue(name, 'd', 60)).toBeNull();
      expect(await store.getValue(name)).toBe('d');
    });
  });
}

suite('memory store', (ttlSeconds) => createMemorySessionStore({ ttlSeconds }));

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  const prefix = `airwave-test:${randomBytes(4).toString('hex')}:`;
  afterAll(() => deleteRedisPrefix(redisUrl, prefix));
  suite(
    'Redis store',
    (ttlSeconds) => createRedisSessionStore({ url: redisUrl, prefix, ttlSeconds }),
    async (store) => (store as ReturnType<typeof createRedisSessionStore>).redis.keys(`${prefix}*`),
  );

  describe('Redis store batches', () => {
    it('a session value that cannot be read fails only its own key, not the rest of its batch', async () => {
      const store = createRedisSessionStore({ url: redisUrl, prefix });
      try {
        const good = await store.create(21);
        const bad = await store.create(22);
        await store.redis.set(`${prefix}session:${bad.id}`, 'not json', 'EX', 60);
        const [first, second] = await Promise.all([store.authenticate(good.key), store.authenticate(bad.key)]);
        expect(first?.session.userId).toBe(21);
        expect(second).toBeNull();
      } finally {
        await store.close();
      }
    });
  });

  describe('Redis store when Redis is unreachable', () => {
    it('fails at once with unavailable, not a hang or a null', async () => {
      const store = createRedisSessionStore({ url: 'redis://127.0.0.1:1', prefix });
      const started = Date.now();
      await expect(store.authenticate('a'.repeat(43))).rejects.toMatchObject({ code: 'unavailable' });
      await expect(store.create(1)).rejects.toMatchObject({ code: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(limit(2000));
      store.redis.disconnect();
    });
  });

  // A private redis-server (never the machine's), frozen with SIGSTOP: connected, but silent.
  const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
  (redisServer ? describe : describe.skip)('Redis store when Redis stops answering', () => {
    let server: ReturnType<typeof spawn> | undefined;
    afterAll(() => {
      server?.kill('SIGKILL'); // even when the test timed out
    });
    it('fails with unavailable after the command timeout instead of hanging, and recovers', async () => {
      const port = await new Promise<number>((done) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address() as AddressInfo;
          probe.close(() => done(address.port));
        });
      });
      server = spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const store = createRedisSessionStore({ url: `redis://127.0.0.1:${port}`, prefix, commandTimeoutMs: limit(500) });
      try {
        let session: Awaited<ReturnType<typeof store.create>> | undefined;
        for (let i = 0; i < 50 && !session; i += 1) session = await store.create(5).catch(() => sleep(100).then(() => undefined));
        expect(session).toBeDefined();
        server.kill('SIGSTOP');
        const started = Date.now();
        await expect(store.authenticate(session!.key)).rejects.toMatchObject({ code: 'unavailable' });
        await expect(store.hit('frozen', 60)).rejects.toMatchObject({ code: 'unavailable' });
        expect(Date.now() - started).toBeLessThan(limit(3000));
        // Lookups of later turns are batches of their own: each fails after its own timeout,
        // none waits behind an earlier batch that is still stuck.
        const staggered = await Promise.all(
          [0, 150, 300, 450].map(async (delay) => {
            await sleep(limit(delay));
            const began = Date.now();
            const error = await Promise.all([store.authenticate(session!.key), store.authenticate(session!.key)]).catch((e: unknown) => e);
            return { code: (error as { code?: string }).code, ms: Date.now() - began };
          }),
        );
        for (const outcome of staggered) {
          expect(outcome.code).toBe('unavailable');
          expect(outcome.ms).toBeLessThan(limit(1200));
        }
        server.kill('SIGCONT');
        let found = null;
        for (let i = 0; i < 50 && !found; i += 1) found = await store.authenticate(session!.key).catch(() => sleep(100).then(() => null));
        expect(found?.session.userId).toBe(5);
      } finally {
        store.redis.disconnect();
        server.kill('SIGKILL');
      }
    }, limit(20_000));
  });
} else {
  describe.skip('Redis store (set REDIS_URL to run)', () => {
    it('skipped', () => undefined);
  });
}
