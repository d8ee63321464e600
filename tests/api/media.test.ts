// The media library through the gateway: real uploads, items, archive, search, downloads.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, mp3WithCover, png, pngImage, wav } from '../src/files';
import { startBlackBoxSystem, apiModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD, type TestSystem } from '../src/harness';

type Upload = { file_id: string; file_key: string; type: string; format: string; duration: number | null; size: number; duplicates: { id: number; title: string; artist: string; is_archived: boolean }[] };
type Item = { id: number; title: string; is_approved: boolean; is_archived: boolean; can_edit: boolean; duration: number | null; type: string };

describe.each(apiModes)('media (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let dj: { id: number; key: string };
  let listener: string;

  const upload = async (key: string, body: Buffer, contentType = 'application/octet-stream') => {
    const response = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body });
    return { status: response.status, body: (await response.json()) as { status: boolean; msg: string; data: Upload } };
  };
  const newItem = async (key: string, fields: Record<string, unknown>) => {
    const file = await upload(key, wav(1));
    expect(file.status).toBe(200);
    const saved = await system.api.put<{ id: number }[]>('/media', { key, body: { media: [{ file_id: file.body.data.file_id, file_key: file.body.data.file_key, ...fields }] } });
    expect(saved.status, saved.text).toBe(200);
    return saved.body.data[0]!.id;
  };

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode, { MAX_UPLOAD_BYTES: '200000' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'mediadj', password: 'mediadj-pass' } });
    dj = { id: created.body.data.id, key: (await system.api.login('mediadj', 'mediadj-pass')).key };
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Listeners', permissions: [] } });
    await system.api.post('/users', { key: admin, body: { username: 'listener', password: 'listener-pass', group_ids: [group.body.data.id] } });
    listener = (await system.api.login('listener', 'listener-pass')).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  describe('uploads', () => {
    it('detects a real WAV from its content, with its duration', async () => {
      const file = await upload(dj.key, wav(1.5));
      expect(file.status, JSON.stringify(file.body)).toBe(200);
      expect(file.body.data).toMatchObject({ type: 'audio', format: 'wav' });
      expect(file.body.data.duration).toBeCloseTo(1.5, 2);
      expect(file.body.data.file_key.length).toBeGreaterThan(30);
      const multipart = new FormData();
      multipart.append('file', new Blob([png]), 'looks-like-audio.mp3');
      const response = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${dj.key}` }, body: multipart });
      const body = (await response.json()) as { data: Upload };
      expect(response.status).toBe(200);
      expect(body.data).toMatchObject({ type: 'image', format: 'png' });
    });

    it('points out an upload of a file already in the library, among the items the uploader can see (N10)', async () => {
      const bytes = wav(1.25);
      const first = await upload(dj.key, bytes);
      expect(first.body.data.duplicates).toEqual([]);
      const saved = await system.api.put<{ id: number }[]>('/media', { key: dj.key, body: { media: [{ file_id: first.body.data.file_id, file_key: first.body.data.file_key, title: 'Twice sent', artist: 'Dup', status: 'private' }] } });
      const id = saved.body.data[0]!.id;
      // The same bytes again: the item is named; a file differing by one byte is not.
      expect((await upload(dj.key, bytes)).body.data.duplicates).toEqual([{ id, title: 'Twice sent', artist: 'Dup', is_archived: false }]);
      expect((await upload(admin, bytes)).body.data.duplicates).toEqual([{ id, title: 'Twice sent', artist: 'Dup', is_archived: false }]);
      const changed = Buffer.from(bytes);
      changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
      expect((await upload(dj.key, changed)).body.data.duplicates).toEqual([]);
      // A private item is not named to one who cannot see it.
      const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Uploaders', permissions: ['create_own_media'] } });
      await system.api.post('/users', { key: admin, body: { username: 'uploader2', password: 'uploader2-pass', group_ids: [group.body.data.id] } });
      const other = (await system.api.login('uploader2', 'uploader2-pass')).key;
      expect((await upload(other, bytes)).body.data.duplicates).toEqual([]);
      await system.api.put('/media', { key: dj.key, body: { media: [{ id, status: 'visible' }] } });
      expect((await upload(other, bytes)).body.data.duplicates).toEqual([{ id, title: 'Twice sent', artist: 'Dup', is_archived: false }]);
    });

    it('refuses unknown content, oversize files, refused formats and callers without rights', async () => {
      expect((await upload(dj.key, Buffer.from('just some text, not media'))).status).toBe(400);
      const big = await upload(dj.key, wav(20));
      expect(big.status).toBe(413);
      expect(big.body.status).toBe(false);
      expect((await upload(listener, wav(1))).status).toBe(403);
      expect((await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', body: wav(1) })).status).toBe(401);
      const formats = await system.api.get<Record<string, string[]>>('/media/formats', { key: dj.key });
      expect((await system.api.post('/media/formats', { key: dj.key, body: formats.body.data })).status).toBe(403);
      await system.api.post('/media/formats', { key: admin, body: { ...formats.body.data, audio_formats: ['mp3'] } });
      const refused = await upload(dj.key, wav(1));
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/wav is not an accepted audio format/);
      await system.api.post('/media/formats', { key: admin, body: formats.body.data });
    });
  });

  describe('items', () => {
    it('creates items from uploads: a plain user’s start unapproved; the upload is used once', async () => {
      const file = await upload(dj.key, wav(1));
      const saved = await system.api.put<{ id: number }[]>('/media', {
        key: dj.key,
        body: { media: { file_id: file.body.data.file_id, file_key: file.body.data.file_key, title: 'Jingle', artist: 'Station', is_approved: true } },
      });
      expect(saved.status, saved.text).toBe(200);
      const item = await system.api.get<Item>(`/media/${saved.body.data[0]!.id}`, { key: dj.key });
      expect(item.body.data).toMatchObject({ title: 'Jingle', is_approved: false, type: 'audio', can_edit: true });
      expect(item.body.data.duration).toBeCloseTo(1, 2);
      const again = await system.api.put('/media', { key: dj.key, body: { media: [{ file_id: file.body.data.file_id, file_key: file.body.data.file_key, title: 'Twice' }] } });
      expect(again.status).toBe(400);
      const wrongKey = await system.api.put('/media', { key: dj.key, body: { media: [{ file_id: file.body.data.file_id, file_key: 'nope', title: 'Stolen' }] } });
      expect(wrongKey.status).toBe(400);
    });

    it('writes all of ten items or none when one is bad', async () => {
      const before = (await system.api.get<{ num_results: number }>('/media/search', { key: admin, query: { s: 'approved' } })).body.data.num_results;
      const files = await Promise.all(Array.from({ length: 10 }, () => upload(admin, wav(0.5))));
      const items = files.map((f, i) => ({ file_id: f.body.data.file_id, file_key: f.body.data.file_key, title: `Batch ${i}` }));
      items[7] = { ...items[7]!, file_key: 'wrong' };
      const refused = await system.api.put('/media', { key: admin, body: { media: items } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/item 7/);
      expect((await system.api.get<{ num_results: number }>('/media/search', { key: admin, query: { s: 'approved' } })).body.data.num_results).toBe(before);
      items[7] = { file_id: files[7]!.body.data.file_id, file_key: files[7]!.body.data.file_key, title: 'Batch 7' };
      const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: items } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.data).toHaveLength(10);
    });

    it('applies the edit-right rule and the advanced-permissions rule', async () => {
      const id = await newItem(admin, { title: 'Admin owned', status: 'public' });
      expect((await system.api.put('/media', { key: dj.key, body: { media: [{ id, title: 'Hijacked' }] } })).status).toBe(403);
      expect((await system.api.put('/media', { key: admin, body: { media: [{ id, permitted_users: [dj.id] }] } })).status).toBe(200);
      expect((await system.api.put('/media', { key: dj.key, body: { media: [{ id, title: 'Edited by permitted user' }] } })).status).toBe(200);
      expect((await system.api.put('/media', { key: dj.key, body: { media: [{ id, permitted_users: [] }] } })).status).toBe(403);
      expect((await system.api.put('/media', { key: listener, body: { media: [{ id, title: 'x' }] } })).status).toBe(403);
      expect((await system.api.get<Item>(`/media/${id}`, { key: admin })).body.data.title).toBe('Edited by permitted user');
    });

    it('keeps private items private and properties small', async () => {
      const id = await newItem(admin, { title: 'Secret', status: 'private' });
      expect((await system.api.get(`/media/${id}`, { key: listener })).status).toBe(404);
      expect((await system.api.post(`/media/properties/${id}`, { key: admin, body: { properties: { bpm: 120, mood: 'calm' } } })).status).toBe(200);
      expect((await system.api.get(`/media/properties/${id}`, { key: admin })).body.data).toEqual({ bpm: 120, mood: 'calm' });
      expect((await system.api.post(`/media/properties/${id}`, { key: admin, body: { properties: { blob: 'x'.repeat(20000) } } })).status).toBe(413);
    });
  });

  describe('archive and delete', () => {
    it('follows the state table, including refusing to delete a live item', async () => {
      const live = await newItem(admin, { title: 'Live item' });
      const other = await newItem(admin, { title: 'To archive' });
      expect((await system.api.post('/media/archive', { key: dj.key, body: { id: [other] } })).status).toBe(403);
      expect((await system.api.post('/media/archive', { key: admin, body: { id: other } })).status).toBe(200);
      expect((await system.api.get<Item>(`/media/${other}`, { key: admin })).body.data.is_archived).toBe(true);
      const archived = await system.api.get<{ media: Item[] }>('/media/search', { key: admin, query: { s: 'archived' } });
      expect(archived.body.data.media.map((m) => m.id)).toContain(other);
      expect((await system.api.post('/media/archive/undo', { key: admin, body: { id: [other] } })).status).toBe(200);
      expect((await system.api.get<Item>(`/media/${other}`, { key: admin })).body.data.is_archived).toBe(false);
      await system.api.post('/media/archive', { key: admin, body: { id: [other] } });
      const mixed = await system.api.delete('/media/archive', { key: admin, query: { id: JSON.stringify([other, live]) } });
      expect(mixed.status, mixed.text).toBe(400);
      expect((await system.api.get(`/media/${other}`, { key: admin })).status).toBe(200);
      expect((await system.api.request('DELETE', '/media/archive', { key: admin, body: { id: [other] } })).status).toBe(200);
      expect((await system.api.get(`/media/${other}`, { key: admin })).status).toBe(404);
      expect((await fetch(`${system.url}/api/v2/downloads/media/${other}`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(404);
    });
  });

  describe('deleting an item with versions', () => {
    /** Whether a file is in local storage; null where this process cannot see it (the stack). */
    const onDisk = async (fileId: string): Promise<boolean | null> => {
      const dataDir = (system as Partial<TestSystem>).env?.DATA_DIR;
      if (!dataDir) return null;
      return stat(join(dataDir, 'media', fileId)).then(
        () => true,
        () => false,
      );
    };
    it('removes the file of every version, not only the active one', async () => {
      const first = await upload(admin, wav(1));
      const second = await upload(admin, wav(2));
      const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id: first.body.data.file_id, file_key: first.body.data.file_key, title: 'Two takes' }] } });
      const id = saved.body.data[0]!.id;
      const added = await system.api.post('/media/versions', { key: admin, body: { media_id: id, file_id: second.body.data.file_id, file_key: second.body.data.file_key } });
      expect(added.status, added.text).toBe(200);
      const files = [first.body.data.file_id, second.body.data.file_id];
      for (const file of files) expect([true, null]).toContain(await onDisk(file));
      await system.api.post('/media/archive', { key: admin, body: { id: [id] } });
      expect((await system.api.request('DELETE', '/media/archive', { key: admin, body: { id: [id] } })).status).toBe(200);
      for (const file of files) expect([false, null]).toContain(await onDisk(file));
      expect((await system.api.get(`/media/${id}/versions`, { key: admin })).status).toBe(404);
    });
  });

  describe('downloads', () => {
    it('serves the file with range support', async () => {
      const id = await newItem(admin, { title: 'Download me' });
      const full = await fetch(`${system.url}/api/v2/downloads/media/${id}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(full.status).toBe(200);
      const bytes = Buffer.from(await full.arrayBuffer());
      expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
      const part = await fetch(`${system.url}/api/v2/downloads/media/${id}`, { headers: { authorization: `Bearer ${admin}`, range: 'bytes=8-11' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 8-11/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('WAVE');
      const bad = await fetch(`${system.url}/api/v2/downloads/media/${id}`, { headers: { authorization: `Bearer ${admin}`, range: `bytes=${bytes.length + 10}-` } });
      expect(bad.status).toBe(416);
    });
  });

  describe('thumbnails', () => {
    it('scales images and embedded cover art, answers 304 to its ETag, and 404 for audio without cover art', async () => {
      const auth = { authorization: `Bearer ${admin}` };
      const itemOf = async (bytes: Buffer, title: string) => {
        const file = await upload(admin, bytes);
        expect(file.status, JSON.stringify(file.body)).toBe(200);
        const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id: file.body.data.file_id, file_key: file.body.data.file_key, title }] } });
        return saved.body.data[0]!.id;
      };
      const logo = await itemOf(pngImage(800, 400), 'Logo');
      const image = await fetch(`${system.url}/api/v2/media/thumbnail/${logo}`, { headers: auth });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(imageSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: 320, height: 160 });
      const etag = image.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await fetch(`${system.url}/api/v2/media/thumbnail/${logo}`, { headers: { ...auth, 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      // A small image is not enlarged; transparency keeps it a PNG.
      const dot = await fetch(`${system.url}/api/v2/media/thumbnail/${await itemOf(png, 'Dot')}`, { headers: auth });
      expect(dot.headers.get('content-type')).toBe('image/png');
      expect(imageSize(Buffer.from(await dot.arrayBuffer()))).toEqual({ width: 1, height: 1 });
      // Cover art inside an MP3's ID3 tag.
      const song = await itemOf(mp3WithCover(pngImage(640, 640)), 'Song with cover');
      const cover = await fetch(`${system.url}/api/v2/media/thumbnail/${song}`, { headers: auth });
      expect(cover.status).toBe(200);
      expect(imageSize(Buffer.from(await cover.arrayBuffer()))).toEqual({ width: 320, height: 320 });
      const audio = await newItem(admin, { title: 'No cover' });
      const none = await fetch(`${system.url}/api/v2/media/thumbnail/${audio}`, { headers: auth });
      expect(none.status).toBe(404);
      expect(((await none.json()) as { status: boolean }).status).toBe(false);
      // A list asks for an empty answer instead (issue 35, point 10: a 404 per row).
      const empty = await fetch(`${system.url}/api/v2/media/thumbnail/${audio}?absent=empty`, { headers: auth });
      expect(empty.status).toBe(204);
      expect((await empty.arrayBuffer()).byteLength).toBe(0);
      expect((await fetch(`${system.url}/api/v2/media/thumbnail/${audio}`)).status).toBe(401);
    });
  });

  describe('versions', () => {
    type Version = { created: number; active: boolean; notes: string; duration: number | null };
    it('adds, edits, activates and deletes versions, guarding the active one and the rights', async () => {
      const id = await newItem(dj.key, { title: 'Versioned' });
      const initial = await system.api.get<{ versions: Version[] }>(`/media/${id}/versions`, { key: dj.key });
      expect(initial.body.data.versions).toHaveLength(1);
      expect(initial.body.data.versions[0]!.active).toBe(true);
      const file = await upload(dj.key, wav(2));
      expect((await system.api.post('/media/versions', { key: listener, body: { media_id: id, file_id: file.body.data.file_id, file_key: file.body.data.file_key } })).status).toBe(403);
      const added = await system.api.post<Version>('/media/versions', { key: dj.key, body: { media_id: id, file_id: file.body.data.file_id, file_key: file.body.data.file_key, notes: 'Radio edit' } });
      expect(added.status, added.text).toBe(200);
      expect(added.body.data).toMatchObject({ active: false, notes: 'Radio edit' });
      const created = added.body.data.created;
      expect((await system.api.put<Version>(`/media/versions/${id}/${created}`, { key: dj.key, body: { notes: 'Radio edit v2' } })).body.data.notes).toBe('Radio edit v2');
      const activated = await system.api.request('PATCH', `/media/versions/${id}`, { key: dj.key, body: { created } });
      expect(activated.status, activated.text).toBe(200);
      const item = await system.api.get<Item>(`/media/${id}`, { key: dj.key });
      expect(item.body.data.duration).toBeCloseTo(2, 2);
      expect((await system.api.delete(`/media/versions/${id}/${created}`, { key: dj.key })).status).toBe(409);
      const old = initial.body.data.versions[0]!.created;
      const oldFile = await fetch(`${system.url}/api/v2/downloads/media/${id}/version/${old}`, { headers: { authorization: `Bearer ${dj.key}` } });
      expect(oldFile.status).toBe(200);
      expect((await system.api.delete(`/media/versions/${id}/${old}`, { key: dj.key })).status).toBe(200);
      expect((await system.api.get<{ versions: Version[] }>(`/media/${id}/versions`, { key: dj.key })).body.data.versions.map((v) => v.created)).toEqual([created]);
    });
  });

  describe('search', () => {
    it('matches words accent-insensitively and by prefix, ids, and advanced filters; pages', async () => {
      await newItem(admin, { title: 'Café del Mar', artist: 'José Padilla', genre: 'Chillout', year: 1998 });
      const idItem = await newItem(admin, { title: 'Numbers', artist: 'Counter', year: 2020 });
      const simple = async (q: string) => (await system.api.get<{ media: Item[] }>('/media/search', { key: listener, query: { q } })).body.data.media.map((m) => m.title);
      expect(await simple('cafe jose')).toEqual(['Café del Mar']);
      expect(await simple('padil')).toEqual(['Café del Mar']);
      expect(await simple(String(idItem))).toContain('Numbers');
      const advanced = await system.api.get<{ media: Item[] }>('/media/search', {
        key: listener,
        query: { q: JSON.stringify({ mode: 'advanced', filters: [{ filter: 'year', op: 'lt', val: 2000 }, { filter: 'genre', op: 'is', val: 'chillout' }] }) },
      });
      expect(advanced.body.data.media.map((m) => m.title)).toEqual(['Café del Mar']);
      const unknown = await system.api.get('/media/search', { key: listener, query: { q: JSON.stringify({ mode: 'advanced', filters: [{ filter: 'mood', op: 'eq', val: 'x' }] }) } });
      expect(unknown.status).toBe(400);
      const page1 = await system.api.get<{ num_results: number; media: Item[] }>('/media/search', { key: admin, query: { q: 'batch', l: 4, o: 0, sort_by: 'title', sort_dir: 'asc' } });
      const page2 = await system.api.get<{ num_results: number; media: Item[] }>('/media/search', { key: admin, query: { q: 'batch', l: 4, o: 4, sort_by: 'title', sort_dir: 'asc' } });
      expect(page1.body.data.num_results).toBe(10);
      expect(page1.body.data.media.map((m) => m.title)).toEqual(['Batch 0', 'Batch 1', 'Batch 2', 'Batch 3']);
      expect(page2.body.data.media.map((m) => m.title)).toEqual(['Batch 4', 'Batch 5', 'Batch 6', 'Batch 7']);
    });

    it("reads nested query parameters the way OpenBroadcaster's PHP does, and refuses parameters it does not know", async () => {
      // What OpenBroadcaster's clients send: PHP bracket notation, as jQuery.param writes it.
      const bracketed = 'q[mode]=advanced&q[filters][0][filter]=genre&q[filters][0][op]=is&q[filters][0][val]=chillout&q[filters][1][filter]=year&q[filters][1][op]=lt&q[filters][1][val]=2000&save_history=1';
      for (const query of [bracketed, bracketed.replace(/\[/g, '%5B').replace(/\]/g, '%5D')]) {
        const reply = await fetch(`${system.url}/api/v2/media/search?${query}&_=1764063000000`, { headers: { authorization: `Bearer ${admin}` } });
        const body = (await reply.json()) as { data: { media: Item[] } };
        expect(reply.status, JSON.stringify(body)).toBe(200);
        expect(body.data.media.map((m) => m.title)).toEqual(['Café del Mar']);
      }
      // ...and the search went into the caller's history, as a JSON q does.
      const history = (await system.api.get<{ history: { filters: unknown }[] }>('/media/searches', { key: admin })).body.data.history;
      expect(history[0]!.filters).toMatchObject([{ filter: 'genre', val: 'chillout' }, { filter: 'year', val: '2000' }]);
      // A bracketed query with a filter Airwave does not have is a 400, not the whole library.
      const mood = await fetch(`${system.url}/api/v2/media/search?q[mode]=advanced&q[filters][0][filter]=mood&q[filters][0][op]=is&q[filters][0][val]=x`, { headers: { authorization: `Bearer ${admin}` } });
      expect(mood.status).toBe(400);
      // A parameter no endpoint reads is refused by name, never ignored (here a misspelt `q`).
      const misspelt = await system.api.get('/media/search', { key: admin, query: { query: 'cafe' } });
      expect(misspelt.status).toBe(400);
      expect(misspelt.body.msg).toMatch(/unknown query parameter query/);
      // Nesting past five levels stays a string key: refused as unknown, never a 500.
      const deep = await fetch(`${system.url}/api/v2/media/search?a[b][c][d][e][f][g][h]=1`, { headers: { authorization: `Bearer ${admin}` } });
      expect(deep.status).toBe(400);
    });

    it('keeps history, saves, makes default and deletes searches', async () => {
      const q = JSON.stringify({ mode: 'advanced', filters: [{ filter: 'artist', op: 'contains', val: 'padilla' }] });
      await system.api.get('/media/search', { key: listener, query: { q, save_history: 1 } });
      const lists = await system.api.get<{ saved: { id: number }[]; history: { id: number }[] }>('/media/searches', { key: listener });
      expect(lists.body.data.history).toHaveLength(1);
      const id = lists.body.data.history[0]!.id;
      expect((await system.api.post('/media/searches/default', { key: listener, body: { id } })).status).toBe(404); // not saved yet
      expect((await system.api.post('/media/searches', { key: listener, body: { id } })).status).toBe(200);
      expect((await system.api.post('/media/searches/default', { key: listener, body: { id } })).status).toBe(200);
      // A simple search now includes the default filters.
      const all = await system.api.get<{ media: Item[] }>('/media/search', { key: listener, query: { q: '' } });
      expect(all.body.data.media.map((m) => m.title)).toEqual(['Café del Mar']);
      expect((await system.api.get('/media/searches', { key: dj.key })).body.data).toEqual({ saved: [], history: [] });
      expect((await system.api.delete(`/media/searches/default/${id}`, { key: listener })).status).toBe(200);
      expect((await system.api.get<{ media: Item[] }>('/media/search', { key: listener, query: { q: '' } })).body.data.media.length).toBeGreaterThan(1);
      expect((await system.api.delete(`/media/searches/${id}`, { key: dj.key })).status).toBe(404);
      expect((await system.api.delete(`/media/searches/${id}`, { key: listener })).status).toBe(200);
    });
  });
});
