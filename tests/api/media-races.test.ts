// Concurrent writes to the same media items through the gateway, from parallel HTTP clients:
// no lost update (version checks, 409 on a stale write, whole batch or nothing), no deadlock or
// 500 from batches locking the same items in different orders, and archive racing delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { apiModes, startBlackBoxSystem, type ApiMode, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD, modes } from '../src/harness';

type Item = { id: number; title: string; comments: string; version: number; is_archived: boolean };

/** Races need PostgreSQL's own concurrency (PGlite runs one statement at a time): both in-process modes, the stack too with AIRWAVE_STACK_TESTS=all. */
const raceModes: ApiMode[] = process.env.AIRWAVE_STACK_TESTS === 'all' ? apiModes : modes;

describe.each(raceModes)('media races (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let editors: string[];

  const newItems = async (count: number, fields: Record<string, unknown> = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' }, body: wav(0.2) });
      const file = ((await response.json()) as { data: { file_id: string; file_key: string } }).data;
      const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id: file.file_id, file_key: file.file_key, title: `Race ${i}`, ...fields }] } });
      expect(saved.status, saved.text).toBe(200);
      ids.push(saved.body.data[0]!.id);
    }
    return ids;
  };
  const get = async (id: number) => (await system.api.get<Item>(`/media/${id}`, { key: admin })).body.data;

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    // Separate sessions, as separate clients would have.
    editors = await Promise.all(Array.from({ length: 6 }, async () => (await system.api.login('admin', ADMIN_PASSWORD)).key));
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('shows the version in GET /media/{id} and in search results, and bumps it on every change', async () => {
    const [id] = await newItems(1, { title: 'Versioned race item' });
    const item = await get(id!);
    expect(item.version).toBe(1);
    expect((await system.api.put('/media', { key: admin, body: { media: [{ id, comments: 'one', version: 1 }] } })).status).toBe(200);
    await system.api.post('/media/archive', { key: admin, body: { id: [id] } });
    await system.api.post('/media/archive/undo', { key: admin, body: { id: [id] } });
    const found = await system.api.get<{ media: Item[] }>('/media/search', { key: admin, query: { q: 'versioned race item' } });
    expect(found.body.data.media.map((m) => [m.id, m.version])).toEqual([[id, 4]]);
    const bad = await system.api.put('/media', { key: admin, body: { media: [{ id, version: 'latest' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(false);
  });

  it('lets exactly one of many parallel writers of the same version win; the others get 409 and write nothing', async () => {
    const [id] = await newItems(1);
    const { version } = await get(id!);
    const replies = await Promise.all(editors.map((key, i) => system.api.put('/media', { key, body: { media: [{ id, title: `Writer ${i}`, version }] } })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(editors.length - 1);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.status).toBe(false);
      expect(reply.body.msg).toMatch(/changed since you read it/);
    }
    const winner = statuses.indexOf(200);
    const after = await get(id!);
    expect(after.title).toBe(`Writer ${winner}`);
    expect(after.version).toBe(version + 1);
  });

  it('refuses a whole batch when one item is stale, while parallel batches race on the same items', async () => {
    const ids = await newItems(3);
    const before = await Promise.all(ids.map(get));
    // Every client sends all three items with the versions it read, in its own order.
    const batches = editors.map((key, i) => {
      const items = before.map((item) => ({ id: item.id, comments: `batch ${i}`, version: item.version }));
      return system.api.put('/media', { key, body: { media: i % 2 ? items.reverse() : items } });
    });
    const replies = await Promise.all(batches);
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array<number>(editors.length - 1).fill(409)]);
    const winner = replies.findIndex((r) => r.status === 200);
    const after = await Promise.all(ids.map(get));
    // The winner's batch is whole; nothing of any losing batch was written.
    expect(after.map((a) => a.comments)).toEqual(ids.map(() => `batch ${winner}`));
    expect(after.map((a) => a.version)).toEqual(before.map((b) => b.version + 1));
    // A batch with one current and one stale version writes neither.
    const mixed = await system.api.put('/media', { key: admin, body: { media: [{ id: ids[0], comments: 'mixed', version: after[0]!.version }, { id: ids[1], comments: 'mixed', version: before[1]!.version }] } });
    expect(mixed.status).toBe(409);
    expect(mixed.body.data).toMatchObject({ code: 'conflict', details: { items: [{ index: 1, stale: true }] } });
    // An invalid item outranks a stale one: 400, naming the invalid item.
    const invalid = await system.api.put('/media', { key: admin, body: { media: [{ id: ids[1], version: before[1]!.version }, { id: 2_000_000_000, title: 'nobody' }] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toMatch(/item 1: no media item/);
    expect((await get(ids[0]!)).comments).toBe(`batch ${winner}`);
    expect((await get(ids[0]!)).version).toBe(after[0]!.version);
  });

  it('serializes parallel batches without versions over the same items in opposite orders: no deadlock, no lost increment', async () => {
    const ids = await newItems(4);
    const rounds = 3;
    const replies = await Promise.all(
      Array.from({ length: rounds }).flatMap((_, round) =>
        editors.map((key, i) => {
          const order = i % 2 ? [...ids].reverse() : ids;
          return system.api.put('/media', { key, body: { media: order.map((id) => ({ id, comments: `r${round} c${i}` })) } });
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const after = await Promise.all(ids.map(get));
    // Every write took effect once: the version counts all of them.
    expect(after.map((a) => a.version)).toEqual(ids.map(() => 1 + rounds * editors.length));
    // The batches were applied one after another, so all items hold the same last batch's comment.
    expect(new Set(after.map((a) => a.comments)).size).toBe(1);
  });

  it('leaves every item either archived (file kept) or deleted when archive and delete race', async () => {
    // Unapproved items may be deleted before or after being archived; approved ones only after.
    const unapproved = await newItems(4, { is_approved: false });
    const approved = await newItems(4);
    const all = [...unapproved, ...approved];
    const results = await Promise.all([
      system.api.post('/media/archive', { key: editors[0], body: { id: all } }),
      system.api.delete('/media/archive', { key: editors[1], query: { id: unapproved.join(',') } }),
      system.api.request('DELETE', '/media/archive', { key: editors[2], body: { id: approved } }),
      system.api.post('/media/archive', { key: editors[3], body: { id: approved } }),
      system.api.delete('/media/archive', { key: editors[4], query: { id: all.join(',') } }),
    ]);
    for (const result of results) {
      expect(result.status, result.text).not.toBe(500);
      expect([200, 400, 404], result.text).toContain(result.status);
      expect(result.body.status).toBe(result.status === 200);
    }
    for (const id of all) {
      const item = await system.api.get<Item>(`/media/${id}`, { key: admin });
      const download = await fetch(`${system.url}/api/v2/downloads/media/${id}`, { headers: { authorization: `Bearer ${admin}` } });
      if (item.status === 404) {
        expect(download.status).toBe(404);
        await download.arrayBuffer();
      } else {
        expect(item.status).toBe(200);
        expect(item.body.data.is_archived).toBe(true);
        // Archived, not deleted: its file is still there.
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4).toString()).toBe('RIFF');
      }
    }
    // The approved items can only go once archived; what is left can now be deleted cleanly.
    const left = [];
    for (const id of all) if ((await system.api.get(`/media/${id}`, { key: admin })).status === 200) left.push(id);
    if (left.length) expect((await system.api.request('DELETE', '/media/archive', { key: admin, body: { id: left } })).status).toBe(200);
    for (const id of all) expect((await system.api.get(`/media/${id}`, { key: admin })).status).toBe(404);
  });
});
