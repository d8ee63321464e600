// The playout service's status through the gateway (issue 34): whether this server airs players
// itself and, when it does not, why and how to enable it; which replica holds which player; where
// a live source connects (the harbor: playout-air.test.ts has a player's).
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

type Status = { enabled: boolean; engine: string | null; reason: string | null; replica: string; players: unknown[]; harbor: unknown };

describe.each(modes)('playout status (%s)', (mode) => {
  const systems: TestSystem[] = [];
  afterAll(async () => {
    for (const system of systems) await system.stop();
  });
  const statusOf = async (env: Record<string, string>) => {
    const system = await startTestSystem(mode, env);
    systems.push(system);
    const admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    return { system, admin, status: await system.api.get<Status>('/playout/status', { key: admin }) };
  };

  it('says how to enable it when Liquidsoap is not on the PATH, to player managers only', async () => {
    const { system, admin, status } = await statusOf({ PLAYOUT_ENGINE: 'auto', PATH: '/nonexistent' });
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ enabled: false, engine: null, players: [], harbor: null });
    expect(status.body.data.reason).toMatch(/Liquidsoap is not on the PATH.*apt-get install liquidsoap/);
    await system.api.post('/users', { key: admin, body: { username: 'reader', password: 'reader-pass' } });
    const reader = (await system.api.login('reader', 'reader-pass')).key;
    expect((await system.api.get('/playout/status', { key: reader })).status).toBe(403);
    expect((await system.api.get('/playout/status')).status).toBe(401);
  });

  it('answers its harbor settings when it airs: a player\'s port is the base + its id', async () => {
    // a `liquidsoap` on the PATH is all it takes to air; with no player to air, none is started
    const bin = await mkdtemp(join(tmpdir(), 'playout-bin-'));
    await writeFile(join(bin, 'liquidsoap'), '#!/bin/sh\nexit 1\n');
    await chmod(join(bin, 'liquidsoap'), 0o755);
    const { status } = await statusOf({ PLAYOUT_ENGINE: 'auto', PATH: bin, PLAYOUT_HARBOR_PORT_BASE: '19000', PLAYOUT_HARBOR_BIND: '0.0.0.0' });
    expect(status.body.data).toMatchObject({ enabled: true, engine: 'liquidsoap', reason: null, players: [] });
    expect(status.body.data.harbor).toEqual({ port_base: 19_000, mount: '/live', bind: '0.0.0.0', this_host_only: false });
  });

  it('airs nothing when switched off', async () => {
    const { status } = await statusOf({ PLAYOUT_ENGINE: 'off' });
    expect(status.body.data).toMatchObject({ enabled: false, reason: expect.stringContaining('PLAYOUT_ENGINE is off') });
  });
});
