// The typed client against the real server.
import { ApiError, createClient } from '@airwave/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';

describe('typed client', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem('embedded');
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('logs in, calls operations of every area and uses an app key', async () => {
    const client = createClient({ baseUrl: system.url });
    const session = await client.login('admin', ADMIN_PASSWORD);
    expect(session.key).toHaveLength(43);
    const uid = await client.account.uid({});
    expect(uid.username).toBe('admin');
    const created = await client.users.create({ username: 'client-made', password: 'client-password' });
    const listed = await client.usersMore.list({ q: 'client-made' });
    expect(listed.users.map((u) => u.id)).toEqual([created.id]);
    await client.accountMore.storePut({ name: 'layout', value: 'wide' });
    expect(await client.accountMore.storeGet({ name: 'layout' })).toBe('wide');

    const key = await client.accountMore.keyCreate({ name: 'client key', permissions: [['GET', '/account/uid']] });
    const keyed = createClient({ baseUrl: system.url, credentials: { appKeyId: key.id, appKey: key.key } });
    expect((await keyed.account.uid({})).id).toBe(uid.id);
    const refused = await keyed.account.settingsGet({}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it("sends times in every form the server takes: a local time in the player's zone, Unix seconds, ISO 8601", async () => {
    const client = createClient({ baseUrl: system.url });
    const me = await client.login('admin', ADMIN_PASSWORD);
    const player = await client.scheduling.playerCreate({ name: 'Client FM', timezone: 'Europe/London' });
    // In the spring-forward gap: moved forward by it (docs/decisions/scheduling.md, "Times").
    const slot = await client.scheduling.timeslotCreate({ user_id: me.id, player_id: player.id, mode: 'once', start: '2026-03-29 01:30:00', duration: 1800 });
    expect(slot.start).toBe('2026-03-29T02:30:00+01:00');
    const rows = await client.scheduling.timeslotList({ start: '2026-03-29 00:00:00', end: Date.UTC(2026, 2, 30) / 1000, player: player.id });
    expect(rows.map((row) => [row.id, row.exp_start])).toEqual([[slot.id, '2026-03-29 02:30:00']]);
    const refused = await client.scheduling.timeslotList({ start: '2026-03-29 00:00:00', end: '2026-03-30T00:00:00+01:00' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'bad_request', details: { issues: [{ path: 'player' }] } });
  });

  it('skips, moves and splits a weekly show through the typed client', async () => {
    const client = createClient({ baseUrl: system.url });
    await client.login('admin', ADMIN_PASSWORD);
    const player = await client.scheduling.playerCreate({ name: 'Client weekly', timezone: 'Europe/London' });
    const show = await client.scheduling.showCreate({ player_id: player.id, mode: 'weekly', start: '2026-03-01 08:00:00', duration: 3600, stop: '2026-04-30', item_type: 'live', item_id: 1 });
    const skipped = await client.scheduling.showExceptionCreate({ id: show.id, original_start: '2026-03-29 08:00:00', skip: true });
    const moved = await client.scheduling.showExceptionCreate({ id: show.id, original_start: '2026-04-05 08:00:00', start: '2026-04-05 09:30:00' });
    expect([skipped.skip, moved.start]).toEqual([true, '2026-04-05T09:30:00+01:00']);
    const rows = await client.scheduling.showList({ start: '2026-03-28 00:00:00', end: '2026-04-06 00:00:00', player: player.id });
    expect(rows.map((row) => [row.start, row.exception_id ?? null])).toEqual([['2026-04-05T09:30:00+01:00', moved.id]]);
    const { before, after } = await client.scheduling.showSplit({ id: show.id, at: '2026-04-19 08:00:00', start: '2026-04-19 10:00:00' });
    expect([before.stop, after.start]).toEqual(['2026-04-19T07:59:59+01:00', '2026-04-19T10:00:00+01:00']);
    await client.scheduling.showExceptionDelete({ id: show.id, exception_id: skipped.id });
    expect((await client.scheduling.showExceptionList({ id: show.id })).map((e) => e.id)).toEqual([moved.id]);
  });

  it('turns error envelopes into typed errors', async () => {
    const client = createClient({ baseUrl: system.url });
    const error = await client.account.uid({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    const bad = await client.account.login({ username: 'admin', password: 'nope' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 401, message: 'Invalid username or password.' });
  });
});
