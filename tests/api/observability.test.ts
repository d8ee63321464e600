// Logs: structured JSON, the request id carried across the bus into the service's log lines, and
// no secret ever written.
import { Writable } from 'node:stream';
import { createLogger } from '@airwave/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

describe.each(modes)('logs (%s)', (mode) => {
  let system: TestSystem;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    system = await startTestSystem(mode, {}, { logger: createLogger({ level: 'info', destination: sink }) });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('tags the service log lines with the caller request id and trace id', async () => {
    const traceId = 'aaaabbbbccccddddeeeeffff00001111';
    const response = await system.api.post('/account/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      headers: { 'x-request-id': 'req-abc-123', traceparent: `00-${traceId}-1111222233334444-01` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-abc-123');
    const serviceLine = lines.find((l) => l.msg === 'Login succeeded');
    expect(serviceLine).toMatchObject({ reqId: 'req-abc-123', traceId, service: 'account' });
    // The gateway's access line carries the same request id and trace id.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const accessLine = lines.find((l) => l.msg === 'request completed' && l.url === '/api/v2/account/login' && l.reqId === 'req-abc-123');
    expect(accessLine).toMatchObject({ traceId, method: 'POST', status: 200 });
  });

  it('never writes passwords or keys', async () => {
    const key = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    await system.api.post('/account/login', { body: { username: 'admin', password: 'wrong-password-123' } });
    await system.api.post('/account/key', { key, body: { name: 'k' } });
    // Old clients put the key in the query string: it must not reach the request log.
    expect((await system.api.get('/account/uid', { query: { i: 1, k: key } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const all = raw.join('\n');
    expect(all).not.toContain(ADMIN_PASSWORD);
    expect(all).not.toContain('wrong-password-123');
    expect(all).not.toContain(key);
    expect(lines.some((l) => l.msg === 'Login failed')).toBe(true);
    expect(lines.some((l) => l.msg === 'request completed' && String(l.url).includes('k=[redacted]'))).toBe(true);
  });
});
