import { describe, expect, it } from 'vitest';
import { LIVE_SHOW_NAME, withShowContent, type AskItems } from './show-content';

function asker(missing: number) {
  const asked = { media: [] as number[][], playlists: [] as number[][] };
  const ask: AskItems = {
    media: async (ids) => {
      asked.media.push(ids);
      return ids.filter((id) => id !== missing).map((id) => ({ id, title: `Item ${id}`, duration: id === 8 ? null : 60 }));
    },
    playlists: async (ids) => {
      asked.playlists.push(ids);
      return ids.filter((id) => id !== missing).map((id) => ({ id, name: `List ${id}`, duration: 1800 }));
    },
  };
  return { ask, asked };
}

describe('show content', () => {
  it('names media by title and playlists by name in one request per thousand distinct items, live shows Line-In, the gone null', async () => {
    const { ask, asked } = asker(404);
    const rows = [
      { item_type: 'media', item_id: 7 },
      { item_type: 'media', item_id: 7 },
      { item_type: 'media', item_id: 404 },
      { item_type: 'live', item_id: 0 },
      { item_type: 'playlist', item_id: 3 },
      { item_type: 'playlist', item_id: 404 },
      ...Array.from({ length: 1500 }, (_, i) => ({ item_type: 'media', item_id: 1000 + i })),
    ];
    const named = await withShowContent(rows, ask);
    expect(named.slice(0, 6).map((row) => row.name)).toEqual(['Item 7', 'Item 7', null, LIVE_SHOW_NAME, 'List 3', null]);
    expect(asked.media.map((ids) => ids.length)).toEqual([1000, 502]);
    expect(asked.playlists).toEqual([[3, 404]]);
    expect(named[1505]!.name).toBe('Item 2499');
  });

  it("titles an occurrence by the show's own name, else what it airs, and says how long that lasts", async () => {
    const { ask } = asker(404);
    const rows = [
      { item_type: 'playlist', item_id: 3, show_name: 'Morning Mix' },
      { item_type: 'playlist', item_id: 3, show_name: null },
      { item_type: 'media', item_id: 8, show_name: null },
      { item_type: 'media', item_id: 404, show_name: null },
      { item_type: 'live', item_id: 0, show_name: 'Phone-in' },
    ];
    const content = (await withShowContent(rows, ask)).map(({ title, content_seconds }) => ({ title, content_seconds }));
    expect(content).toEqual([
      { title: 'Morning Mix', content_seconds: 1800 },
      { title: 'List 3', content_seconds: 1800 },
      { title: 'Item 8', content_seconds: null },
      { title: null, content_seconds: null },
      { title: 'Phone-in', content_seconds: null },
    ]);
  });
});
