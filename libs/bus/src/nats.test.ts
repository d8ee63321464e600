import { randomBytes } from 'node:crypto';
import { AirwaveError } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { busSuite } from './bus.suite';
import { connectNatsBus, deleteNatsStream } from './nats';
import { limit } from '../../../vitest.shared';

const url = process.env.NATS_URL;

if (url) {
  busSuite('NATS bus', async (options) => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const a = await connectNatsBus(url, { prefix, name: 'test-a', ...options });
    const b = await connectNatsBus(url, { prefix, name: 'test-b', ...options });
    return {
      a,
      b,
      cleanup: async () => {
        try {
          await Promise.allSettled([a.drain(), b.drain()]);
        } finally {
          await deleteNatsStream(url, prefix);
        }
      },
    };
  });

  describe('NATS bus requests', () => {
    it('a request still waiting when its bus closes fails at once, not at its timeout', async () => {
      const prefix = `t${randomBytes(4).toString('hex')}`;
      const a = await connectNatsBus(url, { prefix, name: 'test-close-a' });
      const b = await connectNatsBus(url, { prefix, name: 'test-close-b' });
      try {
        await a.handle('echo.slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), limit(1500))));
        const started = Date.now();
        const waiting = b.request('echo.slow', {}, { timeoutMs: limit(10_000) }).catch((e: unknown) => e);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await b.drain();
        const error = await waiting;
        expect(AirwaveError.is(error, 'unavailable')).toBe(true);
        expect(Date.now() - started).toBeLessThan(limit(1000));
        await expect(b.request('echo.slow', {})).rejects.toMatchObject({ code: 'unavailable' });
      } finally {
        await Promise.allSettled([a.drain(), b.drain()]);
        await deleteNatsStream(url, prefix);
      }
    });
  });
} else {
  describe.skip('NATS bus (set NATS_URL to run)', () => {
    it('skipped', () => undefined);
  });
}

describe('connectNatsBus', () => {
  it('fails fast with a clear message when NATS is unreachable', async () => {
    const started = Date.now();
    await expect(connectNatsBus('nats://127.0.0.1:1')).rejects.toThrow(/Cannot reach NATS at nats:\/\/127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(limit(5000));
  });
});
