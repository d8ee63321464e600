// A playlist built the way OpenBroadcaster's own console builds one (issue 43): media items as
// `{ type: 'media', id, duration, properties }` (controllers/playlists.php, models/playlists_model.php
// of OB 5.3.6), a dynamic item with its query as a JSON string, created, read and edited through
// the gateway in every mode; the answer carries OB's `id` and `properties` beside Airwave's names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Item = Record<string, unknown> & { type: string };
type Playlist = { id: number; items: Item[]; duration: number };

describe.each(modes)("OpenBroadcaster's playlist item shape (%s)", (mode) => {
  let system: TestSystem;
  let admin: string;
  const media = { song: 0, card: 0 };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    media.song = await makeMediaItem(system.api, system.url, admin, wav(3), 'OB song', { artist: 'OB Band', genre: 'Jazz' });
    media.card = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'OB card');
  });
  afterAll(async () => {
    await system?.stop();
  });

  const get = async (id: number) => (await system.api.get<Playlist>(`/playlists/${id}`, { key: admin })).body.data;

  it('creates, reads and edits a playlist sent as OB sends it', async () => {
    const created = await system.api.post<{ id: number }>('/playlists', {
      key: admin,
      body: {
        name: 'Built by OB',
        description: '',
        status: 'public',
        type: 'standard',
        items: [
          // OB sends an audio item's own length as its duration, and an image's seconds.
          { type: 'media', id: media.song, duration: 3, crossfade: 0 },
          { type: 'media', id: media.card, duration: 8 },
          { type: 'dynamic', name: 'Some jazz', query: JSON.stringify({ mode: 'simple', string: 'Jazz' }), num_items: 1, num_items_all: false, image_duration: 10, crossfade: 0, crossfade_last: 0 },
          { type: 'station_id' },
          { type: 'breakpoint' },
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    const first = await get(created.body.data.id);
    expect(first.items.map((item) => item.type)).toEqual(['media', 'media', 'dynamic', 'station_id', 'breakpoint']);
    expect(first.items[0]).toMatchObject({ id: media.song, media_id: media.song, media_type: 'audio', title: 'OB song', artist: 'OB Band', crossfade: 0, properties: { crossfade: 0 } });
    expect(first.items[0]!.properties).toEqual({ crossfade: 0 });
    expect(first.items[0]!.duration).toBeCloseTo(3, 1);
    expect(first.items[1]).toMatchObject({ id: media.card, media_id: media.card, media_type: 'image', duration: 8, image_duration: 8, properties: { crossfade: 0, duration: 8 } });
    expect(first.items[2]).toMatchObject({ type: 'dynamic', name: 'Some jazz', query: { mode: 'simple', string: 'Jazz' }, num_items: 1, matches: 1 });

    // Edited as OB's answer has it: `properties` carry the image's seconds and the crossfade.
    const edited = await system.api.put(`/playlists/${created.body.data.id}`, {
      key: admin,
      body: {
        name: 'Built by OB',
        status: 'public',
        type: 'standard',
        items: [
          { type: 'media', id: media.card, properties: { duration: 12 } },
          { type: 'media', id: media.song, properties: { crossfade: 1.5 } },
        ],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const second = await get(created.body.data.id);
    expect(second.items).toHaveLength(2);
    expect(second.items[0]).toMatchObject({ id: media.card, duration: 12, properties: { crossfade: 0, duration: 12 } });
    expect(second.items[1]).toMatchObject({ id: media.song, crossfade: 1.5, properties: { crossfade: 1.5 } });
  });

  it("refuses an OB item whose id is not in the library, naming the item, and one with neither id nor media_id", async () => {
    const unknown = await system.api.post('/playlists', { key: admin, body: { name: 'Bad OB', status: 'public', type: 'standard', items: [{ type: 'media', id: 999_999, duration: 3 }] } });
    expect(unknown.status).toBe(400);
    const nameless = await system.api.post('/playlists', { key: admin, body: { name: 'Bad OB', status: 'public', type: 'standard', items: [{ type: 'media', duration: 3 }] } });
    expect(nameless.status).toBe(400);
    expect(nameless.text).toContain('media_id');
  });
});
