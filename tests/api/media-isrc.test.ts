// A recording's ISRC and label (issue 46): read from an MP3's and an Ogg's tags at upload where the
// item does not say, given or corrected by hand (hyphens and lower case accepted, kept as the 12
// characters in capitals), cleared, and refused when not an ISRC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { taggedTone } from '../src/mp3';

type Item = { id: number; isrc: string; label: string; album: string };

describe('media ISRC and label', () => {
  let system: TestSystem;
  let admin: string;
  const item = async (id: number) => (await system.api.get<Item>(`/media/${id}`, { key: admin })).body.data;

  beforeAll(async () => {
    system = await startTestSystem('embedded');
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('reads them from the tags of an MP3 and an Ogg at upload', { timeout: 60_000 }, async () => {
    const mp3 = await makeMediaItem(system.api, system.url, admin, await taggedTone('mp3', 2, { ISRC: 'usabc2612345', publisher: 'Sello Uno' }), 'From ID3');
    const ogg = await makeMediaItem(system.api, system.url, admin, await taggedTone('ogg', 2, { ISRC: 'GB-XYZ-26-00001', LABEL: 'Sello Dos' }), 'From Vorbis');
    expect(await item(mp3)).toMatchObject({ isrc: 'USABC2612345', label: 'Sello Uno' });
    expect(await item(ogg)).toMatchObject({ isrc: 'GBXYZ2600001', label: 'Sello Dos' });
    // what the item says wins over the tags; a tag that is no ISRC is left out
    const given = await makeMediaItem(system.api, system.url, admin, await taggedTone('mp3', 2, { ISRC: 'USABC2612345', publisher: 'Tagged' }), 'Given', { isrc: 'FR-A1B-26-99999', label: 'Given label' });
    expect(await item(given)).toMatchObject({ isrc: 'FRA1B2699999', label: 'Given label' });
    const junk = await makeMediaItem(system.api, system.url, admin, await taggedTone('mp3', 2, { ISRC: 'not an isrc' }), 'Junk');
    expect(await item(junk)).toMatchObject({ isrc: '', label: '' });
  });

  it('edits and clears them, and refuses what is not an ISRC', { timeout: 60_000 }, async () => {
    const id = await makeMediaItem(system.api, system.url, admin, await taggedTone('mp3', 2, {}), 'Plain');
    const save = (fields: Record<string, unknown>) => system.api.put('/media', { key: admin, body: { media: [{ id, ...fields }] } });
    expect((await save({ isrc: 'us-abc-26-00042', label: 'Hand' })).status).toBe(200);
    expect(await item(id)).toMatchObject({ isrc: 'USABC2600042', label: 'Hand' });
    for (const isrc of ['USABC260004', 'USABC26000421', '12ABC2600042', 'US-ABC-26-0004X']) {
      const reply = await save({ isrc });
      expect(reply.status, isrc).toBe(400);
    }
    expect((await save({ isrc: '', label: '' })).status).toBe(200);
    expect(await item(id)).toMatchObject({ isrc: '', label: '' });
  });
});
