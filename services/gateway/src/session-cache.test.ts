// The gateway's copy of resolved sessions: used for a moment, dropped when a session ends or an
// account changes, and never kept from a read that raced a drop.
import { createInProcessBus } from '@airwave/bus';
import { createMemorySessionStore } from '@airwave/sessions';
import { describe, expect, it } from 'vitest';
import { createSessionCache, TTL_MS } from './session-cache';

const profile = { userId: 4, username: 'dj', groupIds: [], permissions: ['manage_media'] };

describe('session cache', () => {
  it('answers from its copy within TTL_MS, then asks the store again', async () => {
    const sessions = createMemorySessionStore();
    await sessions.setProfile(profile);
    const { key } = await sessions.create(4);
    let clock = 1_000;
    const cache = createSessionCache(sessions, () => clock);
    expect((await cache.authenticate(key))?.session.userId).toBe(4);
    await sessions.destroy(key);
    expect((await cache.authenticate(key))?.session.userId).toBe(4);
    clock += TTL_MS;
    expect(await cache.authenticate(key)).toBeNull();
  });

  it('drops one key on its holder\'s write, keeping the others', async () => {
    const sessions = createMemorySessionStore();
    await sessions.setProfile(profile);
    const writer = await sessions.create(4);
    const reader = await sessions.create(4);
    const cache = createSessionCache(sessions, () => 0);
    await cache.authenticate(writer.key);
    await cache.authenticate(reader.key);
    await sessions.setProfile({ ...profile, permissions: ['manage_media', 'notes_write'] });
    cache.forgetKey(writer.key);
    expect((await cache.authenticate(writer.key))?.profile?.permissions).toContain('notes_write');
    expect((await cache.authenticate(reader.key))?.profile?.permissions).not.toContain('notes_write');
  });

  it('drops a session that ended, and everything on an account change seen on the bus', async () => {
    const sessions = createMemorySessionStore();
    await sessions.setProfile(profile);
    const first = await sessions.create(4);
    const second = await sessions.create(4);
    const cache = createSessionCache(sessions, () => 0);
    await cache.authenticate(first.key);
    await cache.authenticate(second.key);
    await sessions.destroy(first.key);
    cache.forgetSession(first.id);
    expect(await cache.authenticate(first.key)).toBeNull();
    expect(await cache.authenticate(second.key)).not.toBeNull();

    const bus = createInProcessBus();
    const following = await cache.follow(bus);
    await sessions.setProfile({ ...profile, permissions: [] });
    await bus.publish('account.group.saved', { id: 1 });
    await new Promise((done) => setTimeout(done, 50));
    expect((await cache.authenticate(second.key))?.profile?.permissions).toEqual([]);
    await sessions.setProfile({ ...profile, permissions: ['notes_write'] });
    await bus.publish('modules.module.installed', { name: 'notes' });
    await new Promise((done) => setTimeout(done, 50));
    expect((await cache.authenticate(second.key))?.profile?.permissions).toEqual(['notes_write']);
    await following.unsubscribe();
  });

  it('does not keep what a read that raced a drop found', async () => {
    const sessions = createMemorySessionStore();
    await sessions.setProfile(profile);
    const { key } = await sessions.create(4);
    const cache = createSessionCache(sessions, () => 0);
    const racing = cache.authenticate(key);
    cache.clear();
    await sessions.destroy(key);
    expect(await racing).not.toBeNull();
    expect(await cache.authenticate(key)).toBeNull();
  });
});
