// OpenBroadcaster's voicetrack and custom playlist items and its live_assist playlist type (issue
// 43), through the gateway: created, read and edited in Airwave's shape and in OB's (its console's
// addeditGetItems and its answered `properties`), OB's refusals (a voicetrack followed by a media
// item, never last; its console's "longer than the media" check), and the resolution a rundown
// asks for (media.internal.resolve-playlist): the voicetrack an item of its own, marked, before its
// music; a custom item nothing.
import { playlistResolution, type PlaylistResolution } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Item = Record<string, unknown> & { type: string };
type Playlist = { id: number; type: string; items: Item[]; duration: number };

const settings = (volume: number, offset: number, fadeout: number, fadein: number) => ({
  voicetrack_volume: volume,
  voicetrack_offset: offset,
  voicetrack_fadeout_before: fadeout,
  voicetrack_fadein_after: fadein,
});

describe.each(ruleModes)('voicetracks, custom items and live_assist playlists (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const media = { voice: 0, song: 0, short: 0, card: 0 };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    media.voice = await makeMediaItem(system.api, system.url, admin, wav(2), 'Morning link', { artist: 'Presenter' });
    media.song = await makeMediaItem(system.api, system.url, admin, wav(6), 'Long song', { artist: 'Band' });
    media.short = await makeMediaItem(system.api, system.url, admin, wav(1), 'Jingle');
    media.card = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'Card');
  });
  afterAll(async () => {
    await system?.stop();
  });

  const create = (body: Record<string, unknown>) => system.api.post<Playlist>('/playlists', { key: admin, body: { status: 'public', ...body } });
  const get = async (id: number) => (await system.api.get<Playlist>(`/playlists/${id}`, { key: admin })).body.data;
  const resolve = (playlistId: number) =>
    callOperation(system.infrastructure[0]!.bus, playlistResolution.resolvePlaylist, {
      playlist_id: playlistId,
      seed: 'fm:2026-12-01T08:00Z',
      support: { audio: true, video: true, images: true },
      station_ids: [],
      station_id_image_duration: 10,
      excluded_by: [],
    }) as Promise<PlaylistResolution>;

  it('stores a live_assist playlist with a voicetrack and a custom item, answered in both shapes', async () => {
    const created = await create({
      name: 'Breakfast',
      type: 'live_assist',
      items: [
        { type: 'voicetrack', media_id: media.voice, ...settings(0.2, 1, 0.5, 0.5) },
        { type: 'media', media_id: media.song },
        { type: 'custom', name: 'Weather' },
        { type: 'breakpoint' },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const playlist = await get(created.body.data.id);
    expect(playlist.type).toBe('live_assist');
    expect(playlist.items.map((item) => item.type)).toEqual(['voicetrack', 'media', 'custom', 'breakpoint']);
    expect(playlist.items[0]).toMatchObject({ media_id: media.voice, id: media.voice, media_type: 'audio', title: 'Morning link', artist: 'Presenter', ...settings(0.2, 1, 0.5, 0.5), properties: settings(0.2, 1, 0.5, 0.5) });
    expect(playlist.items[0]!.duration).toBeCloseTo(2, 1);
    expect(playlist.items[2]).toEqual({ type: 'custom', name: 'Weather', properties: { name: 'Weather' } });
    // The voice airs over the music: it adds nothing to the playlist's length.
    expect(playlist.duration).toBeCloseTo(6, 1);

    // Sent back as answered, it reads the same (OB's clients resend what they read).
    const resent = await system.api.put<Playlist>(`/playlists/${playlist.id}`, { key: admin, body: { items: playlist.items } });
    expect(resent.status, resent.text).toBe(200);
    expect((await get(playlist.id)).items).toEqual(playlist.items);
  });

  it("takes OB's console's shape: id as text, unset settings as '' or null (OB's defaults), custom as query.name", async () => {
    const created = await create({ name: 'From OB', type: 'standard', items: [{ type: 'media', id: media.song, duration: 6 }] });
    expect(created.status, created.text).toBe(200);
    const edited = await system.api.put<Playlist>(`/playlists/${created.body.data.id}`, {
      key: admin,
      body: {
        name: 'From OB',
        status: 'public',
        type: 'live_assist',
        items: [
          { type: 'voicetrack', id: String(media.voice), voicetrack_volume: null, voicetrack_offset: '1.5', voicetrack_fadeout_before: '' },
          { type: 'media', id: String(media.song), duration: '6', crossfade: '0' },
          { type: 'custom', query: { name: 'Traffic' } },
        ],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const playlist = await get(created.body.data.id);
    expect(playlist.type).toBe('live_assist');
    expect(playlist.items[0]).toMatchObject({ type: 'voicetrack', media_id: media.voice, ...settings(0.1, 1.5, 0, 0) });
    expect(playlist.items[2]).toMatchObject({ type: 'custom', name: 'Traffic' });

    // OB's answered form: the settings in `properties`.
    const again = await system.api.put<Playlist>(`/playlists/${created.body.data.id}`, {
      key: admin,
      body: { items: [{ type: 'voicetrack', id: media.voice, properties: settings(0.3, 0, 1, 2) }, { type: 'media', id: media.song }, { type: 'custom', properties: { name: 'News' } }] },
    });
    expect(again.status, again.text).toBe(200);
    const read = await get(created.body.data.id);
    expect(read.items[0]).toMatchObject({ type: 'voicetrack', ...settings(0.3, 0, 1, 2), properties: settings(0.3, 0, 1, 2) });
    expect(read.items[2]).toMatchObject({ type: 'custom', name: 'News' });
  });

  it('refuses misplaced and bad voicetracks, and nameless custom items, naming the item', async () => {
    const voice = { type: 'voicetrack', media_id: media.voice };
    const song = { type: 'media', media_id: media.song };
    const cases: [Item[], string][] = [
      [[song, voice], 'items.1.type: Voicetracks cannot be the last item in a playlist.'],
      [[voice, { type: 'breakpoint' }, song], 'items.0.type: Voicetracks must be followed by a media item'],
      [[voice, voice, song], 'items.0.type: Voicetracks must be followed by a media item'],
      [[{ ...voice, voicetrack_volume: 1.5 }, song], 'items.0.voicetrack_volume'],
      [[{ ...voice, voicetrack_offset: -1 }, song], 'items.0.voicetrack_offset'],
      [[{ type: 'voicetrack', media_id: 987_654 }, song], 'items.0.media_id: media item 987654 does not exist'],
      [[{ type: 'voicetrack', media_id: media.card }, song], `items.0.media_id: media item ${media.card} is an image: a voicetrack is audio`],
      // 2 s of voice over a 1 s jingle; and 2 s + 3 s of offset over the 6 s song with 1.5 s of fades.
      [[voice, { type: 'media', media_id: media.short }], `is longer than media item ${media.short} after it`],
      [[{ ...voice, ...settings(0.1, 3, 1, 0.5) }, song], `items.0.media_id: the voicetrack`],
      [[{ type: 'custom' }], 'items.0.name'],
      [[{ type: 'custom', query: { name: ' ' } }], 'items.0.name'],
    ];
    for (const [items, expected] of cases) {
      const reply = await create({ name: 'Bad', items });
      expect(reply.status, `${expected}: ${reply.text}`).toBe(400);
      expect(reply.body.msg).toContain(expected);
    }
    // Just fitting: 2 s of voice, 2 s of offset, 1 s of fades over 6 s.
    expect((await create({ name: 'Fits', items: [{ ...voice, ...settings(0.1, 2, 0.5, 0.5) }, song] })).status).toBe(200);
    // An image after the voice: its image time is the room.
    expect((await create({ name: 'Over a card', items: [voice, { type: 'media', media_id: media.card, image_duration: 1 }] })).text).toContain(`media item ${media.card} after it`);
    expect((await create({ name: 'Over a card', items: [voice, { type: 'media', media_id: media.card, image_duration: 5 }] })).status).toBe(200);
  });

  it('resolves a voicetrack onto the music it airs over, with the voice and its settings; a custom item to nothing', async () => {
    const created = await create({
      name: 'On air',
      type: 'live_assist',
      items: [{ type: 'custom', name: 'Weather' }, { type: 'voicetrack', media_id: media.voice, ...settings(0.25, 0.5, 1, 1) }, { type: 'media', media_id: media.song, crossfade: 1 }, { type: 'media', media_id: media.short }],
    });
    expect(created.status, created.text).toBe(200);
    const resolution = await resolve(created.body.data.id);
    expect(resolution.playlist).toMatchObject({ type: 'live_assist' });
    expect(resolution.items.map((item) => [item.source, item.media_id])).toEqual([
      ['media', media.song],
      ['media', media.short],
    ]);
    const [song, jingle] = resolution.items;
    expect(song).toMatchObject({ order: 0, offset: 0, crossfade: 1, voiceover: { media_id: media.voice, title: 'Morning link', artist: 'Presenter', ...settings(0.25, 0.5, 1, 1) } });
    expect(song!.voiceover!.duration).toBeCloseTo(2, 1);
    expect(jingle!.voiceover).toBeUndefined();
    expect(resolution.duration).toBeCloseTo(6 - 1 + 1, 1);

    // The rundown of a show airing it: the music carries the voice aired over it, and a second
    // read (from the cache) answers the same block.
    const post = async (path: string, body: Record<string, unknown>) => {
      const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.id;
    };
    const player = await post('/players', { name: 'Voice FM', timezone: 'UTC' });
    await post('/shows', { player_id: player, mode: 'once', start: '2027-06-07T06:00:00Z', duration: 3600, item_type: 'playlist', item_id: created.body.data.id });
    type Block = { kind: string; items: (Item & { voiceover?: { media_id: number } & Record<string, unknown> })[]; last_updated: number };
    const rundown = async () => {
      const reply = await system.api.get<Block[]>(`/players/${player}/rundown`, { key: admin, query: { start: '2027-06-07T06:00:00Z', end: '2027-06-07T06:30:00Z' } });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.data.find((block) => block.kind === 'show')!;
    };
    const block = await rundown();
    expect(block.items.map((item) => [item.media_id, item.voiceover?.media_id ?? null])).toEqual([
      [media.song, media.voice],
      [media.short, null],
    ]);
    expect(block.items[0]!.voiceover).toMatchObject({ title: 'Morning link', ...settings(0.25, 0.5, 1, 1) });
    expect(await rundown()).toEqual(block);
  });
});
