// Listeners counted without the hook (issue 46, docs/decisions/listeners.md "Without the hook"): the
// lists of a mount's listeners the playout reads from Icecast, handed to the scheduling service as
// the playout hands them (`scheduling.internal.listeners.snapshot`), read back through the gateway's
// listening summary; a player with a listener hook is left to the hook.
import { listenerSnapshots } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

type Summary = { sessions: number; unique_listeners: number; tuning_hours: number; mean_session_seconds: number | null };

describe.each(modes)('listeners from Icecast’s lists (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;

  const newPlayer = async (name: string) => (await system.api.post<{ id: number }>('/players', { key: admin, body: { name, timezone: 'UTC' } })).body.data.id;
  const snapshot = (player_id: number, at: number, since: number | null, listeners: Array<[client: string, ip: string, connected: number]>) =>
    callOperation(system.infrastructure[0]!.bus, listenerSnapshots.snapshot, { player_id, mount: '/fm.mp3', at, since, listeners: listeners.map(([client, ip, connected]) => ({ client, ip, agent: 'VLC/3.0', connected })) });
  const summary = async (player: number, from: number) => {
    const reply = await system.api.get<Summary>(`/players/${player}/listeners/summary`, { key: admin, query: { start: new Date(from).toISOString(), end: new Date(Date.now() + 60_000).toISOString() } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('opens a session from when Icecast says each listener connected, and closes it between the list that had it and the one that does not', async () => {
    const player = await newPlayer('Polled FM');
    const t = Date.now() - 60_000;
    expect(await snapshot(player, t, null, [['1', '203.0.113.1', 30], ['2', '203.0.113.2', 5]])).toEqual({ counted: true });
    // the same list again changes nothing; then 1 has gone, 3 has come
    expect(await snapshot(player, t + 5000, t, [['1', '203.0.113.1', 35], ['2', '203.0.113.2', 10]])).toEqual({ counted: true });
    expect(await snapshot(player, t + 10_000, t + 5000, [['2', '203.0.113.2', 15], ['3', '203.0.113.1', 2]])).toEqual({ counted: true });
    const now = Date.now();
    const read = await summary(player, t - 120_000);
    expect(read.sessions).toBe(3);
    expect(read.unique_listeners).toBe(2);
    // 1 listened from t − 30 s to t + 7.5 s (the middle of the two lists); 2 and 3 still listen
    expect(read.mean_session_seconds).toBe(37.5);
    const heard = 37.5 + (now - (t - 5000)) / 1000 + (now - (t + 8000)) / 1000;
    expect(Math.abs(read.tuning_hours * 3600 - heard)).toBeLessThan(5);
  });

  it('takes a reused client id for a new listener (Icecast restarted), and an empty list for everyone gone', async () => {
    const player = await newPlayer('Restarted FM');
    const t = Date.now() - 60_000;
    await snapshot(player, t, null, [['1', '203.0.113.5', 40]]);
    await snapshot(player, t + 20_000, t, [['1', '203.0.113.6', 3]]);
    await snapshot(player, t + 30_000, t + 20_000, []);
    const read = await summary(player, t - 120_000);
    expect(read.sessions).toBe(2);
    expect(read.unique_listeners).toBe(2);
    // the first: t − 40 s to t + 17 s (when the second connected); the second: t + 17 s to t + 25 s
    // (tuning hours are answered to three decimals: 1.8 s)
    expect(Math.abs(read.tuning_hours * 3600 - (57 + 8))).toBeLessThanOrEqual(1.8);
  });

  it('leaves a player with a listener hook to the hook, and counts nothing for a player that does not exist', async () => {
    const player = await newPlayer('Hooked FM');
    expect((await system.api.put(`/players/${player}/listener-key`, { key: admin, body: {} })).status).toBe(200);
    const t = Date.now() - 10_000;
    expect(await snapshot(player, t, null, [['1', '203.0.113.1', 5]])).toEqual({ counted: false });
    expect((await summary(player, t - 60_000)).sessions).toBe(0);
    expect(await snapshot(987_654, t, null, [['1', '203.0.113.1', 5]])).toEqual({ counted: false });
    // its key removed, the lists count again
    expect((await system.api.delete(`/players/${player}/listener-key`, { key: admin })).status).toBe(200);
    expect(await snapshot(player, t + 5000, null, [['1', '203.0.113.1', 10]])).toEqual({ counted: true });
    expect((await summary(player, t - 60_000)).sessions).toBe(1);
  });
});
