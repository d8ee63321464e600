// A show's own name, description and colour, and how much of each occurrence what it airs fills
// (issue 43, N2), through the gateway: set on create, kept by an edit that leaves them out, cleared
// by null, a bad colour refused naming the field; GET /shows answers them on every occurrence with
// what it airs (a playlist by its name) and its length (content_seconds, null for a live show).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Row = Record<string, unknown> & { id: number };

describe.each(ruleModes)("a show's name, colour and fill (%s)", (mode) => {
  let system: TestSystem;
  let admin: string;
  let player: number;
  let song: number;
  let playlist: number;
  const day = '2027-05-03';
  const show = (body: Record<string, unknown>) => ({ player_id: player, mode: 'daily', start: `${day}T08:00:00Z`, stop: '2027-05-04', duration: 3600, ...body });
  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<Row>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    song = await makeMediaItem(system.api, system.url, admin, wav(4), 'Song Four');
    const other = await makeMediaItem(system.api, system.url, admin, wav(5), 'Song Five');
    playlist = (await post('/playlists', { name: 'Morning Mix', items: [{ type: 'media', media_id: song }, { type: 'media', media_id: other }] })).id;
    player = (await post('/players', { name: 'Colour FM', timezone: 'UTC' })).id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('keeps a name, description and colour: set, kept by an edit without them, cleared by null', async () => {
    const made = await post('/shows', show({ item_type: 'playlist', item_id: playlist, name: ' Breakfast ', description: 'Wake up gently', colour: '#A0B1C2' }));
    expect(made).toMatchObject({ item_type: 'playlist', item_id: playlist, name: 'Breakfast', description: 'Wake up gently', colour: '#a0b1c2' });
    const read = await system.api.get<Row>(`/shows/${made.id}`, { key: admin });
    expect(read.body.data).toMatchObject({ name: 'Breakfast', description: 'Wake up gently', colour: '#a0b1c2' });
    const kept = await system.api.put<Row>(`/shows/${made.id}`, { key: admin, body: show({ item_type: 'playlist', item_id: playlist, duration: 1800 }) });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data).toMatchObject({ duration: 1800, name: 'Breakfast', description: 'Wake up gently', colour: '#a0b1c2' });
    const cleared = await system.api.put<Row>(`/shows/${made.id}`, { key: admin, body: show({ item_type: 'playlist', item_id: playlist, name: null, description: '', colour: null }) });
    expect(cleared.body.data).toMatchObject({ name: null, description: null, colour: null });
    expect((await system.api.delete(`/shows/${made.id}`, { key: admin })).status).toBe(200);
  });

  it('refuses a colour that is not #rrggbb, and a name too long, naming the field', async () => {
    for (const colour of ['red', '#fff', '#12345g', 'a0b1c2', '#a0b1c2ff']) {
      const bad = await system.api.post<Row>('/shows', { key: admin, body: show({ item_type: 'live', colour }) });
      expect(bad.status, colour).toBe(400);
      expect(bad.body.msg, colour).toMatch(/colour/);
    }
    const long = await system.api.post<Row>('/shows', { key: admin, body: show({ item_type: 'live', name: 'x'.repeat(201) }) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/name/);
    const listed = await system.api.get<Row[]>('/shows', { key: admin, query: { start: `${day}T00:00:00Z`, end: '2027-05-05T00:00:00Z', player } });
    expect(listed.body.data).toEqual([]);
  });

  it('answers each occurrence with the show, what it airs and how long that lasts', async () => {
    const named = await post('/shows', show({ item_type: 'playlist', item_id: playlist, name: 'Breakfast', description: 'Wake up', colour: '#ffcc00' }));
    const plain = await post('/shows', show({ start: `${day}T10:00:00Z`, item_type: 'media', item_id: song }));
    const live = await post('/shows', show({ start: `${day}T12:00:00Z`, item_type: 'live', colour: '#102030' }));
    const listed = await system.api.get<Row[]>('/shows', { key: admin, query: { start: `${day}T00:00:00Z`, end: '2027-05-05T00:00:00Z', player } });
    expect(listed.status, listed.text).toBe(200);
    const pick = (row: Row) => [row.id, row.start, row.name, row.show_name, row.title, row.description, row.colour, row.content_seconds];
    expect(listed.body.data.map(pick)).toEqual([
      [named.id, '2027-05-03T08:00:00Z', 'Morning Mix', 'Breakfast', 'Breakfast', 'Wake up', '#ffcc00', 9],
      [plain.id, '2027-05-03T10:00:00Z', 'Song Four', null, 'Song Four', null, null, 4],
      [live.id, '2027-05-03T12:00:00Z', 'Line-In', null, 'Line-In', null, '#102030', null],
      [named.id, '2027-05-04T08:00:00Z', 'Morning Mix', 'Breakfast', 'Breakfast', 'Wake up', '#ffcc00', 9],
      [plain.id, '2027-05-04T10:00:00Z', 'Song Four', null, 'Song Four', null, null, 4],
      [live.id, '2027-05-04T12:00:00Z', 'Line-In', null, 'Line-In', null, '#102030', null],
    ]);
  });

  it("names a show's rundown block, and so what the playout airs, by the show's own name", async () => {
    const rundownDay = '2027-05-06';
    const at = (hour: string) => ({ start: `${rundownDay}T${hour}:00:00Z`, stop: '2027-05-07', mode: 'daily' });
    await post('/shows', show({ ...at('08'), item_type: 'playlist', item_id: playlist, name: 'Breakfast' }));
    await post('/shows', show({ ...at('10'), item_type: 'playlist', item_id: playlist }));
    const rundown = await system.api.get<{ kind: string; name: string; start: string }[]>(`/players/${player}/rundown`, {
      key: admin,
      query: { start: `${rundownDay}T07:00:00Z`, end: `${rundownDay}T12:00:00Z` },
    });
    expect(rundown.status, rundown.text).toBe(200);
    const shows = rundown.body.data.filter((block) => block.kind === 'show').map((block) => [block.start, block.name]);
    expect(shows).toEqual([
      ['2027-05-06T08:00:00Z', 'Breakfast'],
      ['2027-05-06T10:00:00Z', 'Morning Mix'],
    ]);
  });

  it('carries the identity into the new series of a split, changed where the split says', async () => {
    const series = await post('/shows', show({ start: `${day}T14:00:00Z`, item_type: 'live', name: 'Phone-in', colour: '#00aa00' }));
    const split = await system.api.post<{ before: Row; after: Row }>(`/shows/${series.id}/split`, { key: admin, body: { at: '2027-05-04T14:00:00Z', colour: '#aa0000' } });
    expect(split.status, split.text).toBe(200);
    expect(split.body.data.after).toMatchObject({ name: 'Phone-in', colour: '#aa0000' });
    expect(split.body.data.before).toMatchObject({ name: 'Phone-in', colour: '#00aa00' });
  });
});
