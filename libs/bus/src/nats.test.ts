import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { busSuite } from './bus.suite';
import { connectNatsBus, deleteNatsStream } from './nats';

const url = process.env.NATS_URL;

if (url) {
  busSuite('NATS bus', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const a = await connectNatsBus(url, { prefix, name: 'test-a' });
    const b = await connectNatsBus(url, { prefix, name: 'test-b' });
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
} else {
  describe.skip('NATS bus (set NATS_URL to run)', () => {
    it('skipped', () => undefined);
  });
}

describe('connectNatsBus', () => {
  it('fails fast with a clear message when NATS is unreachable', async () => {
    const started = Date.now();
    await expect(connectNatsBus('nats://127.0.0.1:1')).rejects.toThrow(/Cannot reach NATS at nats:\/\/127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
